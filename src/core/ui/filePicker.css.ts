/** The file picker: the browser's input hidden (its button speaks the browser's language), ours shown. */
import { style } from '@vanilla-extract/css';
import { visuallyHidden } from '../styles/base.css';
import { vars } from '../styles/tokens.css';

export const picker = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap', minWidth: 0, position: 'relative' });
export const input = style([visuallyHidden]);
export const chosen = style({ color: vars.color.muted, overflowWrap: 'anywhere', minWidth: 0 });
/** The visible button mirrors the hidden input's keyboard focus. */
export const face = style({
  selectors: {
    [`${input}:focus-visible + &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    [`${input}:disabled + &`]: { opacity: 0.6, cursor: 'not-allowed' },
  },
});
