/**
 * Print CSS of the printable documents (the ordem de compra, the solicitação de cotação, a BI
 * report): on paper only the document shows — the portal's navigation, the page header, the tabs
 * and the buttons of the shadow root stay hidden — in black on white, with the tables whole.
 */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../styles/tokens.css';

export const printable = {
  document: style({ display: 'flex', flexDirection: 'column', gap: vars.space.md }),
  sheet: style({
    '@media': {
      print: { background: '#fff', color: '#000', padding: 0 },
    },
  }),
  noPrint: style({ '@media': { print: { display: 'none' } } }),
  visuallyHidden: style({ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }),
};

// On paper, along the path from the root to the document, every branch that does not hold the
// document is left out (scoped to a root showing a document: other screens print as they are).
globalStyle(`*:has(${printable.sheet}) > :not(:has(${printable.sheet})):not(${printable.sheet})`, { '@media': { print: { display: 'none' } } });
globalStyle(`${printable.document} table`, { width: '100%' });
globalStyle(`${printable.sheet} table`, { '@media': { print: { pageBreakInside: 'auto', borderColor: '#000' } } });
globalStyle(`${printable.sheet} tr`, { '@media': { print: { pageBreakInside: 'avoid' } } });
