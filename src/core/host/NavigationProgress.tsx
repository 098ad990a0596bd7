import { useEffect, useState } from 'react';
import { t } from '../i18n';
import * as ui from '../ui/ui.css';

/** How long a page may take to come before the bar says another is on its way. */
const PROGRESS_DELAY_MS = 300;

/**
 * The bar shown while another page loads: present at once (the page being left is inert under
 * it), drawn only once the wait passes PROGRESS_DELAY_MS, so a quick navigation flashes nothing.
 * The delay is a timer and not a CSS animation delay: a composited animation starts only when
 * the compositor says so, which a busy machine can hold off past the whole wait.
 */
export function NavigationProgress() {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDrawn(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return <div className={ui.navigationProgress} role="progressbar" aria-label={t('ui.loading')} data-navigation-progress data-drawn={drawn || undefined} />;
}
