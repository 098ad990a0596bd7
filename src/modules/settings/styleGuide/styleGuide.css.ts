import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../core/styles/tokens.css';

export const tabs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
export const tab = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: 999,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.primary,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
/** Tokens and samples: a grid that follows the guide's own width. */
export const grid = style({
  containerType: 'inline-size',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@container': { '(min-width: 640px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }, '(min-width: 960px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const token = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', minWidth: 0, padding: vars.space.sm, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small });
export const tokenText = style({ display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' });
export const sample = style({ flex: '0 0 48px', width: 48, height: 48, display: 'grid', placeItems: 'center', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, background: vars.color.surface, overflow: 'hidden' });
export const spaceBar = style({ height: 12, background: vars.color.primary, borderRadius: 2 });
export const code = style({ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', padding: vars.space.md, background: vars.color.background, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: vars.font.sizeSmall });
export const examples = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const example = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const glyph = style({ fontSize: '24px', lineHeight: 1 });
globalStyle(`${example} > h2, ${example} > p`, { margin: 0 });
