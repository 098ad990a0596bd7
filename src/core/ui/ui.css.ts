import { globalStyle, style, styleVariants, keyframes } from '@vanilla-extract/css';
import { vars } from '../styles/tokens.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
});

const buttonBase = style({
  appearance: 'none',
  font: 'inherit',
  fontWeight: 600,
  lineHeight: 1.2,
  borderRadius: vars.radius.small,
  padding: `10px ${vars.space.lg}`,
  cursor: 'pointer',
  border: '1px solid transparent',
  textDecoration: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 40,
  selectors: { '&:disabled': { opacity: 0.6, cursor: 'not-allowed' } },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.primary, color: vars.color.onPrimary, selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } } }],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.primary, borderColor: vars.color.border }],
  danger: [buttonBase, { background: vars.color.danger, color: '#fff' }],
  link: [buttonBase, { background: 'transparent', color: vars.color.primary, padding: 0, minHeight: 0, fontWeight: 500, textDecoration: 'underline' }],
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const label = style({ fontWeight: 600 });
export const hint = style({ color: vars.color.muted, fontSize: vars.font.sizeSmall });
export const input = style({
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  padding: '9px 12px',
  minHeight: 40,
  width: '100%',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const codeInput = style([input, { fontSize: 22, letterSpacing: '0.3em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' }]);
export const checkbox = style({ display: 'inline-flex', gap: vars.space.sm, alignItems: 'center', cursor: 'pointer' });
export const fieldError = style({ color: vars.color.danger, fontSize: vars.font.sizeSmall, margin: 0, paddingLeft: 18 });

export const alert = styleVariants({
  error: { border: `1px solid ${vars.color.danger}`, color: vars.color.danger, background: '#fdf1f0', padding: vars.space.md, borderRadius: vars.radius.small },
  info: { border: `1px solid ${vars.color.info}`, color: vars.color.text, background: '#eef5fc', padding: vars.space.md, borderRadius: vars.radius.small },
  success: { border: `1px solid ${vars.color.success}`, color: vars.color.success, background: '#eef8f0', padding: vars.space.md, borderRadius: vars.radius.small },
});

export const notices = style({
  position: 'fixed',
  right: vars.space.lg,
  bottom: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  zIndex: 1000,
  width: 'min(420px, calc(100vw - 32px))',
});
// A slide, not a fade: text at partial opacity fails contrast (and an axe check run meanwhile).
const enter = keyframes({ from: { transform: 'translateY(8px)' }, to: { transform: 'none' } });
const noticeBase = style({
  background: vars.color.surface,
  borderLeft: `5px solid ${vars.color.info}`,
  borderRadius: vars.radius.small,
  boxShadow: vars.shadow.popover,
  padding: vars.space.md,
  '@media': { '(prefers-reduced-motion: no-preference)': { animation: `${enter} 150ms ease-out` } },
});
export const notice = styleVariants({
  success: [noticeBase, { borderLeftColor: vars.color.success }],
  error: [noticeBase, { borderLeftColor: vars.color.danger }],
  warning: [noticeBase, { borderLeftColor: vars.color.warning }],
  info: [noticeBase, { borderLeftColor: vars.color.info }],
  neutral: [noticeBase, { borderLeftColor: vars.color.muted }],
});
export const overline = style({ fontSize: vars.font.sizeSmall, fontWeight: 700, letterSpacing: '0.08em', color: vars.color.muted, margin: 0 });
export const noticeMessage = style({ margin: `${vars.space.xs} 0` });
export const noticeDetails = style({ margin: `${vars.space.xs} 0`, paddingLeft: 18 });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(16,24,40,.45)',
  display: 'grid',
  placeItems: 'center',
  zIndex: 900,
});
/** Title and "Fechar" on one line: a long title wraps inside its own box, the button stays beside it. */
export const dialogHeader = style({ display: 'flex', gap: vars.space.sm, alignItems: 'baseline', justifyContent: 'space-between' });
globalStyle(`${dialogHeader} > h2`, { flex: '1 1 auto', minWidth: 0 });
globalStyle(`${dialogHeader} > button`, { flex: 'none' });
export const dialog = style([card, { width: 'min(440px, calc(100vw - 32px))', maxHeight: 'calc(100vh - 32px)', overflow: 'auto' }]);

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  width: 20,
  height: 20,
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  borderRadius: '50%',
  animation: `${spin} 800ms linear infinite`,
});

/**
 * The bar that says another page is on its way: drawn only once the wait passes 300 ms (a quick
 * navigation flashes nothing; NavigationProgress sets data-drawn), an indeterminate stripe at the
 * top of the element.
 */
const slide = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } });
export const navigationProgress = style({
  position: 'sticky',
  top: 0,
  zIndex: 5,
  height: 3,
  marginBottom: -3,
  overflow: 'hidden',
  opacity: 0,
  selectors: { '&[data-drawn]': { opacity: 1 } },
  '::after': { content: '""', display: 'block', width: '40%', height: '100%', background: vars.color.primary, animation: `${slide} 1.2s ease-in-out infinite` },
  '@media': { '(prefers-reduced-motion: reduce)': { '::after': { width: '100%', animation: 'none' } } },
});

globalStyle(`${card} > h1:first-child`, { marginTop: 0 });

export const errorPage = style({ minHeight: '60vh', display: 'grid', placeContent: 'center', textAlign: 'center', gap: vars.space.md, padding: vars.space.xl });
export const errorStatus = style({ fontSize: 64, fontWeight: 800, color: vars.color.muted, margin: 0 });
export const errorLine = style({ color: vars.color.muted, maxWidth: '48ch', margin: '0 auto' });
export const errorActions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'center', flexWrap: 'wrap' });
globalStyle(`${errorPage} > *`, { margin: 0, overflowWrap: 'anywhere' });
globalStyle(`${errorActions} a`, { textDecoration: 'none' });
