import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import * as css from '../../core/ui/ui.css';

/** Areas whose screens come in later releases: a clear notice inside the portal, never a 404. */
export default function PlaceholderPage({ title }: { title?: string }) {
  const { pathname } = useNavigation();
  return (
    <section className={css.card} aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{t('portal.placeholder.title', { title: title ?? '' })}</h1>
      <p>{t('portal.placeholder.body')}</p>
      <p className={css.hint}>{t('portal.placeholder.path', { path: pathname })}</p>
    </section>
  );
}
