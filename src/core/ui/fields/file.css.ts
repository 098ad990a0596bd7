/** Styles of the file input: the chosen file's row, its thumbnail and the upload progress. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/tokens.css';

export const box = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const current = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 });
export const name = style({ overflowWrap: 'anywhere', margin: 0 });
export const thumbnail = style({
  width: 64,
  height: 64,
  objectFit: 'cover',
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  flex: 'none',
});
export const progress = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const bar = style({ width: '100%', height: 8, accentColor: vars.color.primary });
export const error = style({ color: vars.color.danger, fontSize: vars.font.sizeSmall, margin: 0 });
/** A stored image in a table cell or a show page: thumbnail, then the name. */
export const named = style({ display: 'inline-flex', gap: vars.space.sm, alignItems: 'center', minWidth: 0, flexWrap: 'wrap' });
export const cellThumbnail = style([thumbnail, { width: 48, height: 48 }]);
