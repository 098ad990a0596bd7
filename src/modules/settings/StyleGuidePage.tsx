import { useAtomValue } from 'jotai';
import { styleGuideEndpoints } from '../../contracts/styleGuide';
import { registerCatalogue, t } from '../../core/i18n';
import { settings } from '../../core/i18n/catalogue/settings';
import { useNavigation } from '../../core/navigation';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { useQuery } from '../../core/resources/cache';
import { callEndpoint } from '../../core/resources/endpoint';
import { ErrorPage } from '../../core/ui/ErrorPage';
import { Link } from '../../core/ui/Link';
import { Spinner } from '../../core/ui/Spinner';
import * as ui from '../../core/ui/ui.css';
import { STYLE_GUIDE_PATHS, type StyleGuidePath } from './routes.data';
import { ComponentsSection } from './styleGuide/ComponentsSection';
import { IconsSection } from './styleGuide/IconsSection';
import * as css from './styleGuide/styleGuide.css';
import { TableSection } from './styleGuide/TableSection';
import { TokensSection } from './styleGuide/TokensSection';

registerCatalogue(settings);

const SECTIONS: Record<StyleGuidePath, () => React.ReactNode> = {
  '/theme': TokensSection,
  '/tests': ComponentsSection,
  '/table': TableSection,
  '/test-icon': IconsSection,
};

/** Who may see the style guide: who may read the organisation's settings (the server asks the same). */
export const STYLE_GUIDE_PERMISSION = ['settings', 'read'] as const;

/**
 * The living style guide on the spec's developer paths: the `--bo-*` tokens (/theme), the kit's
 * components (/tests), list cells (/table) and glyphs (/test-icon). For who may read the settings,
 * and only when the server serves its gate (never in production, contracts/styleGuide.ts): anyone
 * else, and everyone on a production server, gets the not-found page.
 */
export default function StyleGuidePage() {
  const { pathname } = useNavigation();
  const allowed = can(useAtomValue(permissionSubjectAtom), ...STYLE_GUIDE_PERMISSION).can;
  const gate = useQuery(allowed ? ['identity', 'style-guide'] : null, (signal) => callEndpoint(styleGuideEndpoints.gate, { signal, silent: true }), allowed);
  if (allowed && gate.loading) return <Spinner />;
  if (!allowed || !gate.data?.enabled) return <ErrorPage status={404} path={pathname} homeHref="/" />;
  const current = (STYLE_GUIDE_PATHS as readonly string[]).includes(pathname) ? (pathname as StyleGuidePath) : '/theme';
  const Section = SECTIONS[current];
  return (
    <section className={ui.card} aria-labelledby="guide-title">
      <div className={ui.stack}>
        <div>
          <h1 id="guide-title">{t('settings.guide.title')}</h1>
          <p className={ui.hint}>{t('settings.guide.intro')}</p>
        </div>
        <nav aria-label={t('settings.guide.sections')}>
          <ul className={css.tabs}>
            {STYLE_GUIDE_PATHS.map((path) => (
              <li key={path}>
                <Link href={path} className={css.tab} current={path === current}>{t(`settings.guide.tab.${path.slice(1)}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <Section />
      </div>
    </section>
  );
}
