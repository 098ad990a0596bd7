import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

export const shell = style({
  display: 'grid',
  gridTemplateColumns: '260px 1fr',
  gridTemplateRows: 'auto 1fr',
  gridTemplateAreas: '"side top" "side main"',
  minHeight: '100vh',
  background: vars.color.background,
  '@media': { 'screen and (max-width: 800px)': { gridTemplateColumns: '1fr', gridTemplateAreas: '"top" "side" "main"' } },
});
export const sidebar = style({ gridArea: 'side', background: vars.color.sidebar, color: vars.color.onSidebar, padding: vars.space.lg, overflowY: 'auto' });
export const brand = style({ fontSize: 18, fontWeight: 700, color: vars.color.onSidebar, margin: `0 0 ${vars.space.lg}`, display: 'block', textDecoration: 'none' });
export const topbar = style({
  gridArea: 'top',
  display: 'flex',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const main = style({ gridArea: 'main', padding: vars.space.xl, maxWidth: 1200, width: '100%' });
export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 });
export const nested = style({ paddingLeft: vars.space.md });
export const divided = style({ borderTop: '1px solid rgba(255,255,255,.18)', marginTop: vars.space.sm, paddingTop: vars.space.sm });
export const navLink = style({
  display: 'block',
  padding: `6px ${vars.space.sm}`,
  borderRadius: vars.radius.small,
  color: vars.color.onSidebar,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: 'rgba(255,255,255,.08)' },
    '&[aria-current="page"]': { background: 'rgba(255,255,255,.18)', fontWeight: 600 },
  },
});
export const groupButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  display: 'flex',
  justifyContent: 'space-between',
  padding: `6px ${vars.space.sm}`,
  cursor: 'pointer',
  fontWeight: 700,
  fontSize: vars.font.sizeSmall,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.onSidebar,
  opacity: 0.85,
});
export const groupTitle = style([groupButton, { cursor: 'default' }]);
globalStyle(`${sidebar} a:focus-visible, ${sidebar} button:focus-visible`, { outline: `3px solid ${vars.color.focus}` });

export const skipLink = style({
  position: 'absolute',
  left: -9999,
  top: 0,
  background: vars.color.surface,
  padding: vars.space.sm,
  zIndex: 2000,
  selectors: { '&:focus': { left: vars.space.sm } },
});

export const loginLayout = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.xl,
  background: vars.color.background,
});
export const loginColumn = style({ width: 'min(440px, 100%)' });

// A long e-mail wraps instead of pushing the page sideways on a phone.
export const userBox = style({ color: vars.color.muted, minWidth: 0, overflowWrap: 'anywhere' });
