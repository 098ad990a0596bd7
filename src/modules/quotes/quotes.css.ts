import { style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

/** One cotação line in the análise: a card whose offers sit side by side, wrapping to one column in a narrow box. */
export const lineCard = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.medium, padding: vars.space.md, margin: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const lineTitle = style({ fontWeight: 700, padding: 0, fontSize: '15px' });
export const offers = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(224px, 100%), 1fr))', gap: vars.space.sm });
export const offer = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, padding: vars.space.sm, display: 'flex', flexDirection: 'column', gap: 2, cursor: 'pointer', minWidth: 0, fontVariantNumeric: 'tabular-nums' });
/** The lowest price: a thicker border and a labelled mark (never colour alone). */
export const bestOffer = style([offer, { borderWidth: 2, borderColor: vars.color.success }]);
export const chosen = style({ outline: `3px solid ${vars.color.primary}`, outlineOffset: 1 });
export const disabledOffer = style({ cursor: 'default', color: vars.color.muted, borderStyle: 'dashed' });
export const bestMark = style({ fontWeight: 700, fontSize: vars.font.sizeSmall, color: vars.color.text, background: vars.color.background, border: `1px solid ${vars.color.success}`, borderRadius: 999, padding: '0 8px', alignSelf: 'flex-start' });
export const supplierLine = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', fontWeight: 600, overflowWrap: 'anywhere' });
export const grid = style({ display: 'grid', gap: vars.space.md });
export const origins = style({ margin: 0, paddingLeft: 18, color: vars.color.muted, fontSize: vars.font.sizeSmall });
export const answerLine = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, padding: vars.space.md, margin: 0, minWidth: 0, display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(min(192px, 100%), 1fr))', alignItems: 'end' });
export const legend = style({ fontWeight: 700, padding: 0, overflowWrap: 'anywhere' });
/** A supplier's totals: label and value on one line, the value to the right (a narrow card never squeezes it). */
export const summary = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: `2px ${vars.space.sm}`, margin: 0 });
export const summaryTerm = style({ color: vars.color.muted, fontWeight: 600 });
export const summaryValue = style({ margin: 0, textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
