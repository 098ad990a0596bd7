import { style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

/** The secret shown once: set apart by a coloured edge, its value in a monospace face that wraps on a phone. */
export const secret = style({ borderLeft: `4px solid ${vars.color.warning}`, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const title = style({ fontSize: vars.font.sizeLarge, margin: 0 });
export const value = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', width: '100%', boxSizing: 'border-box' });
