/** Styles of the record show page only (RecordShow: lazy with the show screen, not the first list). */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../styles/tokens.css';

/** One section of a show page: its heading, then its runs of fields (a list's table across the width). */
export const showSection = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
globalStyle(`${showSection} > :is(h2, h3)`, { margin: 0 });
/** A list field's label above its table on the show page (the section's heading is the h2). */
export const subheading = style({ fontSize: '15px', margin: 0, color: vars.color.muted });
/** Items read as lines of text (addresses), side by side while there is room. */
export const itemLines = style({
  listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(256px, 100%), 1fr))',
});
export const itemLinesItem = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, padding: `${vars.space.sm} ${vars.space.md}`, minWidth: 0, overflowWrap: 'break-word' });
export const line = style({ display: 'block' });
/** A short value kept whole on its line ("CEP 01310-100"). */
export const keep = style({ whiteSpace: 'nowrap' });
