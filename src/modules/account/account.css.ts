import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

export const tabs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
export const tab = style({
  display: 'inline-block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.small,
  textDecoration: 'none',
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary } },
});
// Terms beside their values; one column on a phone. Columns may shrink (long e-mails wrap) so the
// page never scrolls sideways at 390 px.
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  overflowWrap: 'anywhere',
  '@container': { '(max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: vars.space.xs } },
});
globalStyle(`${facts} dd`, { margin: 0, '@container': { '(max-width: 480px)': { marginBottom: vars.space.sm } } });
export const term = style({ fontWeight: 600, color: vars.color.muted });
export const table = style({ borderCollapse: 'collapse', width: '100%' });
export const cell = style({ textAlign: 'left', borderBottom: `1px solid ${vars.color.border}`, padding: vars.space.sm, overflowWrap: 'anywhere' });
export const scope = style({
  display: 'inline-block',
  margin: '2px',
  padding: '2px 8px',
  borderRadius: 999,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.font.sizeSmall,
});
export const panel = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.lg });
export const panelTitle = style({ fontSize: vars.font.sizeLarge, margin: 0, selectors: { '&:focus': { outline: 'none' }, '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 } } });
export const flush = style({ margin: 0, selectors: { '& + &': { marginTop: vars.space.sm } } });
export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  padding: vars.space.md,
  paddingLeft: 48,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
});
export const code = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 16, letterSpacing: '0.05em', userSelect: 'all' });
