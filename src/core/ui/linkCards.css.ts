import { style } from '@vanilla-extract/css';
import { vars } from '../styles/tokens.css';

/** Groups of link cards laid out by their own width (an inline-size container): one column when narrow, as many as fit when wide. */
export const groups = style({ containerType: 'inline-size', display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const groupTitle = style({ margin: 0, fontSize: '16px' });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@container': {
    '(min-width: 560px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '(min-width: 900px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  height: '100%',
  boxSizing: 'border-box',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  color: vars.color.text,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { borderColor: vars.color.primary, boxShadow: vars.shadow.card },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
export const cardTitle = style({ fontWeight: 600, color: vars.color.primary });
export const cardText = style({ color: vars.color.muted, fontSize: vars.font.sizeSmall });
