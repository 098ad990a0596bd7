import { style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

/** The home's figures: groups of tiles, each tile one figure and the link to what is behind it. */
export const groups = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const groupTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.size, fontWeight: 700 });
export const tiles = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(180px, 100%), 1fr))', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });
export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  height: '100%',
  boxSizing: 'border-box',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.primary }, '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
/** A figure that needs attention (overdue): a left bar and the word in the label, not colour alone. */
export const alertTile = style([tile, { borderLeft: `4px solid ${vars.color.danger}` }]);
export const label = style({ color: vars.color.muted, fontSize: vars.font.sizeSmall });
export const value = style({ fontSize: vars.font.sizeLarge, fontWeight: 700, fontVariantNumeric: 'tabular-nums', overflowWrap: 'break-word' });
export const note = style({ color: vars.color.muted, fontSize: vars.font.sizeSmall });
