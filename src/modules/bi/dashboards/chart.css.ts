import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../core/styles/tokens.css';

/** A chart and its legend; the table of its numbers follows. uPlot's own layout rules, scoped to the chart (no legend nor cursor: the legend is ours). */
export const figure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
/**
 * uPlot's box: the chart (its axes included) is drawn at the box's width and the chart's height, and the
 * box contains it — nothing of uPlot (an axis' layer) may reach below the box over the legend, the table
 * or the link that follow (it did when `.u-axis` was left in the flow: an invisible layer over the link).
 */
export const plot = style({ position: 'relative', width: '100%', minHeight: 240, minWidth: 0, overflow: 'hidden' });
globalStyle(`${plot} .uplot, ${plot} .uplot *, ${plot} .uplot *::before, ${plot} .uplot *::after`, { boxSizing: 'border-box' });
globalStyle(`${plot} .u-wrap`, { position: 'relative', userSelect: 'none' });
globalStyle(`${plot} .u-over, ${plot} .u-under, ${plot} .u-axis`, { position: 'absolute' });
globalStyle(`${plot} .u-under`, { overflow: 'hidden' });
globalStyle(`${plot} .u-axis.u-off`, { display: 'none' });
globalStyle(`${plot} canvas`, { display: 'block', position: 'relative', width: '100%', height: '100%' });
globalStyle(`${plot} .u-title, ${plot} .u-legend, ${plot} .u-cursor-x, ${plot} .u-cursor-y, ${plot} .u-select`, { display: 'none' });
export const legend = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0, padding: 0, listStyle: 'none', fontSize: vars.font.sizeSmall });
export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const caption = style({ fontWeight: 600 });

/** The painéis' page: the tabs, the figures, the charts. */
export const tabs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
export const tab = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: 999,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary }, '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } },
});
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(420px, 100%), 1fr))', gap: vars.space.lg, alignItems: 'start' });
export const tiles = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });
export const tile = style({ display: 'flex', flexDirection: 'column', gap: 2, padding: vars.space.md, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.medium, background: vars.color.surface, minWidth: 0 });
export const tileLabel = style({ color: vars.color.muted, fontSize: vars.font.sizeSmall });
export const tileValue = style({ fontSize: vars.font.sizeLarge, fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: vars.color.text, textDecoration: 'none', selectors: { 'a&:hover': { textDecoration: 'underline' } } });
export const tileNote = style({ color: vars.color.muted, fontSize: vars.font.sizeSmall });
export const scroller = style({ maxWidth: '100%', overflowX: 'auto', selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } } });
export const cellLink = style({ color: vars.color.primary, textUnderlineOffset: 2 });
export const negative = style({ color: vars.color.danger });
