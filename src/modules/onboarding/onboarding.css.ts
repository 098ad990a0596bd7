import { style } from '@vanilla-extract/css';
import { vars } from '../../core/styles/tokens.css';

export const header = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'baseline', justifyContent: 'space-between' });
export const progress = style({ width: '100%', height: 8, accentColor: vars.color.success });
export const steps = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm, containerType: 'inline-size' });
export const step = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  padding: vars.space.md,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space.sm,
  alignItems: 'start',
  // In a narrow column (a phone, or the element in a side column of an intranet page) the
  // "Pular" button goes under the step instead of squeezing its text.
  '@container': { '(max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', justifyItems: 'start' } },
});
export const stepSettled = style({ background: vars.color.background });
export const stepTitle = style({ margin: 0, fontSize: vars.font.size, display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const stepBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const description = style({ margin: 0, color: vars.color.muted, fontSize: vars.font.sizeSmall });
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0, padding: 0, listStyle: 'none' });
export const templates = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const template = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', justifyContent: 'space-between' });
export const templateText = style({ flex: '1 1 256px', minWidth: 0 });
