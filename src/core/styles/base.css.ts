import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './tokens.css';

globalStyle(':host', { display: 'block' });
globalStyle(':host([hidden])', { display: 'none' });

/**
 * The element's root wrapper restates every inherited property, so a host page's global
 * rules (fonts, colours, line-height, even with !important on the host) stop at the border.
 */
export const root = style({
  fontFamily: vars.font.family,
  fontSize: vars.font.size,
  fontWeight: 400,
  fontStyle: 'normal',
  lineHeight: 1.5,
  letterSpacing: 'normal',
  wordSpacing: 'normal',
  textAlign: 'start',
  textTransform: 'none',
  textIndent: 0,
  whiteSpace: 'normal',
  color: vars.color.text,
  visibility: 'visible',
  cursor: 'auto',
  direction: 'ltr',
  boxSizing: 'border-box',
  // The screens follow the element's width, not the window's (`@container` rules): an element in a
  // page's narrow column lays out like a phone.
  containerType: 'inline-size',
});

globalStyle(`${root} *, ${root} *::before, ${root} *::after`, { boxSizing: 'border-box' });
globalStyle(`${root} :focus-visible`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle(`:where(${root} h1, ${root} h2, ${root} h3)`, { margin: `0 0 ${vars.space.md}`, lineHeight: 1.25, fontWeight: 600 });
globalStyle(`:where(${root} h1)`, { fontSize: vars.font.sizeLarge });
globalStyle(`:where(${root} h2)`, { fontSize: '16px' });
globalStyle(`:where(${root} p)`, { margin: `0 0 ${vars.space.md}` });
globalStyle(`:where(${root} a)`, { color: vars.color.primary });

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
