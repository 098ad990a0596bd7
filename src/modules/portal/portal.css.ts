import { createContainer, globalStyle, style } from '@vanilla-extract/css';
import { visuallyHidden } from '../../core/styles/base.css';
import { vars } from '../../core/styles/tokens.css';

/**
 * The portal follows its own width, not the window's: a container on the element's root, so a
 * narrow intranet column gets the phone layout too. Below NARROW the navigation is a slide-out panel.
 */
export const portalContainer = createContainer('bo-portal');
const NARROW = `${portalContainer} (max-width: 800px)`;

export const frame = style({ containerName: portalContainer, containerType: 'inline-size', minWidth: 0 });

export const shell = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: '260px minmax(0, 1fr)',
  gridTemplateRows: 'auto auto 1fr',
  gridTemplateAreas: '"side top" "side crumbs" "side main"',
  minHeight: '100vh',
  background: vars.color.background,
  '@container': { [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateAreas: '"top" "crumbs" "main"' } },
});
export const sidebar = style({
  gridArea: 'side',
  background: vars.color.sidebar,
  color: vars.color.onSidebar,
  padding: vars.space.lg,
  overflowY: 'auto',
  '@container': {
    [NARROW]: {
      position: 'absolute',
      insetBlock: 0,
      left: 0,
      zIndex: 1000,
      width: 'min(300px, 85%)',
      boxShadow: vars.shadow.popover,
      visibility: 'hidden',
      transform: 'translateX(-100%)',
      selectors: { '&[data-open]': { visibility: 'visible', transform: 'none' } },
    },
  },
  '@media': { '(prefers-reduced-motion: no-preference)': { transition: 'transform .18s ease-out' } },
});
/** Dims the page behind the open panel (clicking it closes the panel; purely visual for AT). */
export const scrim = style({
  display: 'none',
  '@container': {
    [NARROW]: { display: 'block', position: 'absolute', inset: 0, zIndex: 999, background: 'rgba(16,24,40,.45)' },
  },
});
export const menuButton = style({
  display: 'none',
  marginRight: 'auto',
  '@container': { [NARROW]: { display: 'inline-flex' } },
});
export const brand = style({ fontSize: 18, fontWeight: 700, color: vars.color.onSidebar, margin: `0 0 ${vars.space.lg}`, display: 'block', textDecoration: 'none' });
export const topbar = style({
  gridArea: 'top',
  display: 'flex',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
  padding: `${vars.space.sm} ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@container': { [NARROW]: { padding: `${vars.space.sm} ${vars.space.md}`, gap: vars.space.sm } },
});
export const main = style({ gridArea: 'main', padding: vars.space.xl, maxWidth: 1200, width: '100%', minWidth: 0, '@container': { [NARROW]: { padding: vars.space.md } } });

export const breadcrumbs = style({
  gridArea: 'crumbs',
  padding: `${vars.space.sm} ${vars.space.xl} 0`,
  fontSize: vars.font.sizeSmall,
  minWidth: 0,
  '@container': { [NARROW]: { padding: `${vars.space.sm} ${vars.space.md} 0` } },
});
export const crumbList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
export const crumb = style({ display: 'inline-flex', gap: vars.space.xs, alignItems: 'center', minWidth: 0, overflowWrap: 'anywhere' });
export const crumbSeparator = style({ color: vars.color.muted });
globalStyle(`${crumb} a`, { color: vars.color.primary });
globalStyle(`${crumb} [aria-current="page"]`, { color: vars.color.text, fontWeight: 600 });
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


// A long e-mail wraps instead of pushing the page sideways on a phone.
// On a narrow portal it takes its own line under the buttons, so Menu and the buttons share the first.
export const userBox = style({
  color: vars.color.muted,
  minWidth: 0,
  overflowWrap: 'anywhere',
  '@container': { [NARROW]: { order: 1, flexBasis: '100%', textAlign: 'end', fontSize: vars.font.sizeSmall } },
});

// ---------------------------------------------------------------- menu search ("Ir para…")
export const search = style({ position: 'relative', margin: `0 0 ${vars.space.md}` });
export const searchLabel = style([visuallyHidden]);
export const searchInput = style({
  width: '100%',
  font: 'inherit',
  padding: `6px ${vars.space.sm}`,
  borderRadius: vars.radius.small,
  border: '1px solid rgba(255,255,255,.35)',
  background: 'rgba(255,255,255,.1)',
  color: vars.color.onSidebar,
  selectors: { '&::placeholder': { color: vars.color.onSidebar, opacity: 0.8 } },
});
export const searchList = style({
  listStyle: 'none',
  margin: `${vars.space.xs} 0 0`,
  padding: vars.space.xs,
  maxHeight: '50vh',
  overflowY: 'auto',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.small,
  boxShadow: vars.shadow.popover,
});
export const searchOption = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `6px ${vars.space.sm}`,
  borderRadius: vars.radius.small,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { background: vars.color.primary, color: vars.color.onPrimary } },
});
export const searchGroup = style({ fontSize: vars.font.sizeSmall, opacity: 0.85 });
export const searchGroupList = style({ listStyle: 'none', margin: 0, padding: 0, selectors: { 'li + li > &': { borderTop: `1px solid ${vars.color.border}`, marginTop: vars.space.xs, paddingTop: vars.space.xs } } });
export const searchStatus = style([visuallyHidden]);
export const searchNone = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.font.sizeSmall });

// ---------------------------------------------------------------- home shortcuts
export const shortcuts = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))', gap: vars.space.lg });
export const shortcutGroup = style({ minWidth: 0 });
export const shortcutTitle = style({ fontSize: vars.font.sizeSmall, textTransform: 'uppercase', letterSpacing: '0.06em', color: vars.color.muted, margin: `0 0 ${vars.space.xs}` });
export const shortcutList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });
export const shortcutSoon = style({ color: vars.color.muted });
