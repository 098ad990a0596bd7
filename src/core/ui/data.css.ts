/** Styles of the data components (table, pagination, filters, reference select, record views). */
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/tokens.css';

export const toolbar = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end', flexWrap: 'wrap', justifyContent: 'space-between' });
export const header = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' });
export const grow = style({ flex: '1 1 256px' });
export const muted = style({ color: vars.color.muted, fontSize: vars.font.sizeSmall });

export const tableWrap = style({ overflow: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, background: vars.color.surface });
export const virtualWrap = style([tableWrap, { maxHeight: '70vh' }]);
// overflowWrap reset: a table inside a record's value (a parcela's baixas) must not inherit the
// value's break-anywhere, which split headers and cells letter by letter ("Paga / ment / os").
export const table = style({ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums', overflowWrap: 'normal' });
export const th = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `2px solid ${vars.color.border}`,
  background: vars.color.background,
  position: 'sticky',
  top: 0,
  zIndex: 1,
  // Headers may break between words ("Saldo em / aberto") so a narrow screen keeps the columns narrow.
  whiteSpace: 'normal',
  verticalAlign: 'bottom',
  fontWeight: 600,
});
export const td = style({ padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const checkCell = style([td, { width: 40 }]);
/** Where a row's approval stands, under its state. */
export const stateNote = style({ display: 'block', marginTop: 2, color: vars.color.muted, fontSize: vars.font.sizeSmall });
/** Money, counts and percentages: right-aligned, tabular figures, never broken across lines. */
export const numericCell = style([td, { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }]);
export const numericHead = style([th, { textAlign: 'right' }]);

/**
 * A list table in a narrow box (≤ 640px: a phone, an element in a side column): each row a card of
 * "label / value" pairs in two columns, the header a bar of the sort buttons. Only short lists
 * (the virtualised ones keep their rows).
 */
export const cards = style({});
// px, never rem: inside a shadow root a rem is still the host page's root font size (22 px on the
// demo intranet), so rem breakpoints and columns would change with the host's CSS.
const NARROW = '(max-width: 640px)';
const narrow = (rule: Record<string, unknown>) => ({ '@container': { [NARROW]: rule } });
globalStyle(`${cards} thead tr`, narrow({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `0 ${vars.space.sm}`, borderBottom: `2px solid ${vars.color.border}`, background: vars.color.background }));
// The other headers stay for screen readers (each cell keeps its column's name), out of sight.
globalStyle(`${cards} thead th`, narrow({ position: 'absolute', width: 1, height: 1, padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 }));
globalStyle(`${cards} thead th[data-sortable]`, narrow({ display: 'block', position: 'static', width: 'auto !important', height: 'auto', overflow: 'visible', clip: 'auto', padding: `${vars.space.xs} ${vars.space.sm}`, fontSize: vars.font.sizeSmall }));
globalStyle(`${cards} tbody tr`, narrow({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: `${vars.space.xs} ${vars.space.md}`, padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` }));
globalStyle(`${cards} tbody td`, narrow({ display: 'block', border: 0, padding: 0, width: 'auto', textAlign: 'start', whiteSpace: 'normal', overflowWrap: 'anywhere' }));
globalStyle(`${cards} tbody td[data-label]::before`, narrow({ content: 'attr(data-label)', display: 'block', color: vars.color.muted, fontSize: vars.font.sizeSmall, fontWeight: 600 }));
globalStyle(`${cards} tbody td:first-child:not([data-label])`, narrow({ gridColumn: '1 / -1' }));
export const row = style({ cursor: 'pointer', selectors: { '&:hover': { background: vars.color.background } } });
export const selectedRow = style({ background: '#eef5fc' });
export const sortButton = style({
  all: 'unset',
  cursor: 'pointer',
  display: 'inline-flex',
  gap: vars.space.xs,
  alignItems: 'center',
  fontWeight: 600,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } },
});
export const rowLink = style({ color: vars.color.text, textDecoration: 'none', fontWeight: 500, selectors: { '&:hover': { textDecoration: 'underline' } } });
export const right = style({ textAlign: 'right' });

export const pagination = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });
export const bulkBar = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
  padding: vars.space.sm,
  background: '#eef5fc',
  border: `1px solid ${vars.color.info}`,
  borderRadius: vars.radius.small,
});
export const empty = style({ padding: vars.space.xl, textAlign: 'center', color: vars.color.muted });

export const filters = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, padding: vars.space.md, background: vars.color.surface });
export const filterGrid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(224px, 100%), 1fr))', gap: vars.space.md, marginTop: vars.space.md });
export const summary = style({ cursor: 'pointer', fontWeight: 600 });

export const select = style({ position: 'relative' });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, marginBottom: vars.space.xs, padding: 0, listStyle: 'none' });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 999,
  padding: '2px 4px 2px 10px',
});
export const chipRemove = style({ all: 'unset', cursor: 'pointer', padding: '0 6px', borderRadius: 999, selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } } });
export const listbox = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  boxShadow: vars.shadow.popover,
  maxHeight: 280,
  overflowY: 'auto',
  margin: 0,
  padding: `${vars.space.xs} 0`,
  listStyle: 'none',
  zIndex: 950,
});
export const option = style({ padding: `${vars.space.sm} ${vars.space.md}`, cursor: 'pointer' });
export const activeOption = style({ background: vars.color.primary, color: vars.color.onPrimary });
export const optionNote = style({ padding: `${vars.space.sm} ${vars.space.md}`, color: vars.color.muted });

export const dl = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(160px, 256px) minmax(0, 1fr)',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  // A narrow box (a phone, or an element in a page's side column): each label above its value, so
  // values and tables (Mídias) get the whole width. The element's root (or the portal) is the container.
  '@container': { '(max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: vars.space.xs } },
});
export const dt = style({ fontWeight: 600, color: vars.color.muted });
// Values wrap between words; only a word longer than the line (a linha digitável) breaks inside.
export const dd = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'break-word', minWidth: 0 });
// minWidth 0: a fieldset is otherwise never narrower than its content, and a narrow element box scrolls the page.
export const section = style({ border: 0, padding: 0, margin: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const legend = style({ fontWeight: 700, fontSize: '16px', padding: 0, marginBottom: vars.space.sm });
export const formGrid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(288px, 100%), 1fr))', gap: vars.space.lg });
export const wide = style({ gridColumn: '1 / -1' });
export const required = style({ color: vars.color.danger, marginLeft: 2 });
export const checkGroup = style({ border: 0, padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.lg}` });
export const listItem = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, padding: vars.space.md, minWidth: 0, display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(min(192px, 100%), 1fr))', alignItems: 'end' });
export const textarea = style({ minHeight: 96, resize: 'vertical' });

export const tabs = style({
  display: 'flex', gap: vars.space.xs, borderBottom: `1px solid ${vars.color.border}`, margin: 0, padding: 0, listStyle: 'none', flexWrap: 'wrap',
  // A narrow box: one row that scrolls sideways inside itself, not four rows of tabs above the page.
  '@container': { '(max-width: 640px)': { flexWrap: 'nowrap', overflowX: 'auto', whiteSpace: 'nowrap' } },
});
export const tab = style({
  display: 'inline-block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  textDecoration: 'none',
  color: vars.color.text,
  borderBottom: '3px solid transparent',
  selectors: { '&[aria-current="page"]': { borderBottomColor: vars.color.primary, fontWeight: 600 } },
});
export const tag = style({ display: 'inline-block', background: vars.color.background, border: `1px solid ${vars.color.border}`, borderRadius: 999, padding: '0 8px', margin: '0 4px 4px 0', fontSize: vars.font.sizeSmall });

globalStyle(`${table} tbody tr:last-child td`, { borderBottom: 0 });

// ---------------------------------------------------------------- workflow
const badgeBase = style({
  display: 'inline-block',
  borderRadius: 999,
  padding: '1px 10px',
  fontSize: vars.font.sizeSmall,
  fontWeight: 600,
  border: '1px solid',
  whiteSpace: 'nowrap',
});
// A row laid out as a card (a phone, a narrow column) has half its width per value: a long state wraps inside its cell.
globalStyle(`${cards} tbody td ${badgeBase}`, narrow({ whiteSpace: 'normal', maxWidth: '100%' }));
/** State badge, one variant per workflow tone (text contrast ≥ 4.5:1 on its background). */
export const badge = styleVariants({
  neutral: [badgeBase, { background: '#eef0f3', color: '#3d4553', borderColor: '#c5cbd4' }],
  info: [badgeBase, { background: '#e7f0fb', color: '#0a4f94', borderColor: '#a9c7ea' }],
  warning: [badgeBase, { background: '#fff4dc', color: '#6b4500', borderColor: '#e8c987' }],
  success: [badgeBase, { background: '#e6f4ea', color: '#15602a', borderColor: '#a6d4b2' }],
  danger: [badgeBase, { background: '#fdecea', color: '#9b1f18', borderColor: '#efb3ae' }],
});
export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const timelineItem = style({ borderLeft: `3px solid ${vars.color.border}`, paddingLeft: vars.space.md, display: 'flex', flexDirection: 'column', gap: 2 });
export const totalLine = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm, fontSize: '16px', fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
export const lineHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm, gridColumn: '1 / -1', flexWrap: 'wrap' });
/** The form's action bar (Salvar, Cancelar): stuck to the bottom of the viewport while the form scrolls. */
export const actionBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.06)',
  margin: `0 calc(-1 * ${vars.space.xl}) calc(-1 * ${vars.space.xl})`,
  padding: `${vars.space.md} ${vars.space.xl}`,
  borderRadius: `0 0 ${vars.radius.medium} ${vars.radius.medium}`,
});
export const shortcut = style({ color: vars.color.muted, fontSize: vars.font.sizeSmall, marginLeft: 'auto', '@container': { '(max-width: 600px)': { display: 'none' } }, '@media': { '(pointer: coarse)': { display: 'none' } } });
/** The changed fields of an audit entry: field, before, after. */
export const auditTable = style([table, { tableLayout: 'fixed' }]);
export const auditField = style([td, { textAlign: 'left', fontWeight: 600, overflowWrap: 'anywhere' }]);
export const auditValue = style([td, { overflowWrap: 'anywhere' }]);

/** The list's totals footer (ListTotals): money right-aligned in tabular figures. */
export const totals = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md });
/** A breakdown table of the footer: scrolls inside itself if a phone is still too narrow for it. */
export const totalsWrap = style({ overflowX: 'auto', minWidth: 0 });
export const totalsLine = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: `${vars.space.xs} ${vars.space.lg}`, margin: 0, fontVariantNumeric: 'tabular-nums' });
export const totalsItem = style({ whiteSpace: 'nowrap' });
/** The footer's breakdown tables: tighter cells in a narrow box, so four columns of amounts fit a phone. */
export const totalsTable = style([table]);
globalStyle(`${totalsTable} th, ${totalsTable} td`, { '@container': { '(max-width: 640px)': { padding: `${vars.space.sm} ${vars.space.xs}`, fontSize: vars.font.sizeSmall } } });
export const totalsCaption = style({ textAlign: 'left', fontWeight: 600, padding: `${vars.space.xs} 0` });
export const money = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** The column chooser and the saved filters (panels under the list's toolbar). */
export const chooser = style({ border: 0, margin: `${vars.space.sm} 0 0`, padding: 0, display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.lg}`, alignItems: 'center' });
export const savedList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.lg}`, flexBasis: '100%' });
/**
 * Filtros, Filtros salvos and Colunas: closed, one row of compact boxes (a phone sees its first
 * record sooner); open, a box takes the whole width below them.
 */
export const listTools = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-start' });
globalStyle(`${listTools} > details`, { flex: '0 1 auto', padding: `${vars.space.xs} ${vars.space.sm}` });
globalStyle(`${listTools} > details[open]`, { flex: '1 1 100%', order: 1, padding: vars.space.md });
export const savedForm = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });
