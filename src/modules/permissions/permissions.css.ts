import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

/** Below this width of the screen's container each area's rows become cards with labelled checkboxes. */
const NARROW = '(max-width: 560px)';

export const area = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const table = style({ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed', '@container': { [NARROW]: { tableLayout: 'auto' } } });
export const caption = style({ textAlign: 'left', fontWeight: 700, fontSize: vars.font.sizeLarge, padding: `${vars.space.sm} 0` });
export const head = style({ '@container': { [NARROW]: { display: 'none' } } });
export const headCell = style({ width: '9%', textAlign: 'center', fontSize: vars.font.sizeSmall, color: vars.color.muted, padding: vars.space.xs, borderBottom: `1px solid ${vars.color.border}`, selectors: { '&:first-child': { textAlign: 'left', width: 'auto' } } });
export const row = style({
  borderBottom: `1px solid ${vars.color.border}`,
  '@container': { [NARROW]: { display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}`, padding: `${vars.space.sm} 0` } },
});
export const name = style({ textAlign: 'left', fontWeight: 600, padding: vars.space.sm, overflowWrap: 'anywhere', '@container': { [NARROW]: { flexBasis: '100%', padding: 0, fontWeight: 600 } } });
export const cell = style({ textAlign: 'center', padding: vars.space.xs, '@container': { [NARROW]: { padding: 0 } } });
export const toggle = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minWidth: 44, minHeight: 44, justifyContent: 'center', cursor: 'pointer', selectors: { '&[data-locked]': { cursor: 'default' } } });
globalStyle(`${toggle} input`, { width: 18, height: 18, margin: 0 });
/** The scope's name beside each checkbox: only on narrow containers (the column head says it otherwise). */
export const inlineLabel = style({ display: 'none', fontSize: vars.font.sizeSmall, '@container': { [NARROW]: { display: 'inline' } } });
export const none = style({ color: vars.color.muted, '@container': { [NARROW]: { display: 'none' } } });
export const granted = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontWeight: 700, color: vars.color.success });
export const inherited = style({ fontSize: vars.font.sizeSmall, fontWeight: 400, color: vars.color.muted });
export const saveBar = style({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  padding: vars.space.md,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  zIndex: 1,
});
