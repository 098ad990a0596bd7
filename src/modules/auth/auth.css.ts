import { style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

export const steps = style({ margin: 0, paddingLeft: 20, display: 'grid', gap: vars.space.xs });
export const qr = style({ alignSelf: 'center', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, imageRendering: 'pixelated' });
export const key = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 15,
  wordBreak: 'break-all',
  background: vars.color.background,
  padding: vars.space.sm,
  borderRadius: vars.radius.small,
  userSelect: 'all',
});
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
export const codesTitle = style({ fontSize: vars.font.sizeLarge, margin: 0, selectors: { '&:focus': { outline: 'none' } } });
