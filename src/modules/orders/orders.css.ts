import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

/**
 * The screens lay out by the element's width (its root is an inline-size container), not the
 * window's: in a host page's ~380 px column the catalogue stacks as on a phone (issue 27). Sizes in
 * px, never rem (a rem is the host page's root font size).
 */
const NARROW = '(max-width: 760px)';
export const layout = style({ display: 'grid', gridTemplateColumns: 'minmax(192px, 256px) minmax(0, 1fr)', gap: vars.space.lg, alignItems: 'start', '@container': { [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' } } });
export const tree = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 2 });
export const subtree = style([tree, { paddingLeft: vars.space.md }]);
export const treeLink = style({ display: 'block', padding: `6px ${vars.space.sm}`, borderRadius: vars.radius.small, color: vars.color.text, textDecoration: 'none', selectors: { '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary, fontWeight: 600 }, '&:hover': { textDecoration: 'underline' } } });
// Two products a row down to a phone's width (and a host page's side column): smaller cards there.
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(176px, 100%), 1fr))', gap: vars.space.md, listStyle: 'none', margin: 0, padding: 0, '@container': { '(max-width: 420px)': { gridTemplateColumns: 'repeat(auto-fill, minmax(min(132px, 100%), 1fr))', gap: vars.space.sm } } });
export const card = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.medium, background: vars.color.surface, padding: vars.space.md, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const image = style({ width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', borderRadius: vars.radius.small, background: vars.color.background, display: 'block' });
export const bigImage = style([image, { maxWidth: 360 }]);
export const price = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
export const productName = style({ color: vars.color.text, fontWeight: 600, textDecoration: 'none', selectors: { '&:hover': { textDecoration: 'underline' } } });
export const productLayout = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 360px) minmax(0, 1fr)', gap: vars.space.xl, '@container': { [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' } } });
export const thumbs = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', listStyle: 'none', padding: 0, margin: 0 });
export const thumb = style({ width: 64, height: 64, objectFit: 'cover', borderRadius: vars.radius.small });
/** Stuck to the bottom of the catalogue while the cart holds something (CartBar). */
export const cartBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  // The button next to the count, on the left: the notices stack at the bottom right.
  justifyContent: 'flex-start',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  boxShadow: vars.shadow.popover,
  fontWeight: 600,
});
export const cartLine = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 80px auto', gap: vars.space.sm, alignItems: 'center', padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}` });
export const qty = style({ width: '80px', minWidth: 0 });
export const searchForm = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'flex-end' });
export const document = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const signature = style({ marginTop: 48, borderTop: `1px solid ${vars.color.text}`, paddingTop: vars.space.xs, width: 'min(320px, 100%)' });
globalStyle(`${document} table`, { width: '100%' });
