/** Styles of a form field of its own (the rest are the kit's: ui.css.ts). */
import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/tokens.css';

/** A warning under the input: not an error, the value saves as typed. */
export const warning = style({ color: vars.color.warning, fontSize: vars.font.sizeSmall, fontWeight: 600 });
