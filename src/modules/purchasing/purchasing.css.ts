import { style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

export const documentHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: vars.space.md, flexWrap: 'wrap', borderBottom: `2px solid ${vars.color.text}`, paddingBottom: vars.space.sm });
export const overline = style({ margin: 0, fontSize: vars.font.sizeSmall, fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase' });
/** The ordem's number: what the supplier copies into the NF-e's xPed. */
export const bigNumber = style({ margin: 0, fontSize: 44, lineHeight: 1.1, fontWeight: 800, fontVariantNumeric: 'tabular-nums' });
export const totals = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const receiptLine = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, padding: vars.space.md, margin: 0, minWidth: 0, display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(min(192px, 100%), 1fr))', alignItems: 'end' });
export const legend = style({ fontWeight: 700, padding: 0, overflowWrap: 'anywhere' });
