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
