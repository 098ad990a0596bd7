import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import * as css from '../../core/ui/ui.css';

/** /table, /test-icon, /tests, /theme: developer pages; /theme lists the --bo-* tokens a host can override. */
export default function DeveloperPage() {
  const { pathname } = useNavigation();
  const tokens = ['primary', 'text', 'surface', 'background', 'border', 'danger', 'success', 'warning', 'info', 'sidebar'];
  return (
    <section className={css.card} aria-labelledby="dev-title">
      <h1 id="dev-title">{t('portal.developer.title')}</h1>
      <p className={css.hint}>{pathname}</p>
      {pathname === '/theme' && (
        <ul>
          {tokens.map((name) => (
            <li key={name} className={css.row}>
              <span aria-hidden="true" style={{ width: 24, height: 24, borderRadius: 4, background: `var(--bo-color-${name})`, border: '1px solid var(--bo-color-border)' }} />
              <code>--bo-color-{name}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
