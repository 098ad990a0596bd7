import { createGlobalTheme, createGlobalThemeContract } from '@vanilla-extract/css';

/**
 * Theme tokens as `--bo-*` custom properties on each element's host. A host page overrides
 * them from outside (`bo-portal { --bo-color-primary: #0a5 }`): outer rules beat `:host`.
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      primary: 'color-primary',
      primaryHover: 'color-primary-hover',
      onPrimary: 'color-on-primary',
      text: 'color-text',
      muted: 'color-muted',
      surface: 'color-surface',
      background: 'color-background',
      border: 'color-border',
      focus: 'color-focus',
      danger: 'color-danger',
      success: 'color-success',
      warning: 'color-warning',
      info: 'color-info',
      sidebar: 'color-sidebar',
      onSidebar: 'color-on-sidebar',
    },
    font: { family: 'font-family', size: 'font-size', sizeSmall: 'font-size-small', sizeLarge: 'font-size-large' },
    radius: { small: 'radius-small', medium: 'radius-medium' },
    space: { xs: 'space-xs', sm: 'space-sm', md: 'space-md', lg: 'space-lg', xl: 'space-xl' },
    shadow: { card: 'shadow-card', popover: 'shadow-popover' },
  },
  (value) => `bo-${value}`,
);

createGlobalTheme(':host', vars, {
  color: {
    primary: '#0b5cad',
    primaryHover: '#094a8c',
    onPrimary: '#ffffff',
    text: '#1d2430',
    muted: '#5b6474',
    surface: '#ffffff',
    background: '#f3f5f8',
    border: '#cfd5de',
    focus: '#f0a202',
    danger: '#b3261e',
    success: '#1e7b34',
    warning: '#8a5a00',
    info: '#0b5cad',
    sidebar: '#13233a',
    onSidebar: '#e8edf4',
  },
  font: {
    family: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    size: '14px',
    sizeSmall: '12px',
    sizeLarge: '20px',
  },
  radius: { small: '4px', medium: '8px' },
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px' },
  shadow: { card: '0 1px 3px rgba(16,24,40,.12)', popover: '0 8px 24px rgba(16,24,40,.18)' },
});
