import { style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

export const loginLayout = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.xl,
  background: vars.color.background,
});
export const loginColumn = style({ width: 'min(440px, 100%)' });
