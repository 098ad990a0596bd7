import { style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

/** The grid scrolls inside itself (a phone shows a few months at a time); the row labels stay in view. */
export const scroller = style({ maxWidth: '100%', overflowX: 'auto', selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } }, '@media': { print: { overflow: 'visible' } } });
export const caption = style({ textAlign: 'left', padding: vars.space.sm, color: vars.color.muted, fontSize: vars.font.sizeSmall });
export const rowHead = style({ position: 'sticky', left: 0, background: vars.color.surface, textAlign: 'left', padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}`, minWidth: '192px', fontWeight: 500, zIndex: 1 });
export const subtotal = style({ fontWeight: 700, background: vars.color.background });
export const detail = style({ fontSize: vars.font.sizeSmall });
export const total = style({ fontWeight: 700 });
export const future = style({ fontWeight: 400, color: vars.color.muted });
export const toggle = style({ all: 'unset', cursor: 'pointer', selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } } });
export const drillButton = style({
  all: 'unset',
  cursor: 'pointer',
  color: vars.color.primary,
  textDecoration: 'underline',
  textUnderlineOffset: 2,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}` }, '&:hover': { textDecoration: 'none' } },
});
/** Shown on paper only (the filters as text, the form being hidden there). */
export const printOnly = style({ display: 'none', margin: 0, color: vars.color.muted, '@media': { print: { display: 'block', color: '#000' } } });
