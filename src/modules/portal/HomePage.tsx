import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { appConfigAtom, navigationFor } from '../../core/config';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { sessionAtom } from '../../core/session';
import * as css from '../../core/ui/ui.css';
import { hasScreen } from './routes.data';
import { moduleEntries } from './navState';
import { OnboardingChecklist, useChecklistLeads } from '../onboarding/OnboardingChecklist';
import { HomeFigures } from './HomeFigures';
import * as styles from './portal.css';

/**
 * `/`: greeting, then what this user works on as figures that link to the lists behind them
 * (HomeFigures: balances, what falls due, what waits for me, my pedidos, what to buy), then the
 * areas this user may open, by group. Only an area with a screen of its own is a link; one still
 * to come is plain text saying so. For who may read the organisation's settings, the first-run
 * checklist ("Primeiros passos", modules/onboarding): right after the greeting while a step is
 * left, folded at the end once none is.
 */
export default function HomePage() {
  const { loggedUser } = useAtomValue(sessionAtom);
  const config = useAtomValue(appConfigAtom);
  const subject = useAtomValue(permissionSubjectAtom);
  const { go } = useNavigation();
  // While the organisation's first-run checklist has steps left, it comes right after the greeting.
  const checklistFirst = useChecklistLeads();
  const groups = useMemo(() => {
    if (!config) return [];
    const entries = moduleEntries(navigationFor(config, (resource) => can(subject, resource, 'create').can));
    const byGroup = new Map<string, { title: string; path: string; ready: boolean }[]>();
    for (const entry of entries) {
      const group = entry.groups[0] ?? '';
      byGroup.set(group, [...(byGroup.get(group) ?? []), { title: entry.title, path: entry.path, ready: hasScreen(entry.path) }]);
    }
    return [...byGroup].map(([title, modules]) => ({ title, modules }));
  }, [config, subject]);
  const greeting = (
    <>
      <h1 id="home-title">{t('portal.home.title', { name: loggedUser?.name ?? '' })}</h1>
      <p>{groups.length ? t('portal.home.intro') : t('portal.home.noModules')}</p>
    </>
  );
  const shortcuts = groups.length > 0 && (
    <div className={styles.shortcuts}>
      {groups.map((group) => (
        <section key={group.title} className={styles.shortcutGroup}>
          <h2 className={styles.shortcutTitle}>{group.title || t('portal.home.others')}</h2>
          <ul className={styles.shortcutList}>
            {group.modules.map((module) => (
              <li key={module.path}>
                {module.ready ? (
                  <a href={module.path} onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    go(module.path);
                  }}>{module.title}</a>
                ) : (
                  <span className={styles.shortcutSoon}>{t('portal.home.soon', { title: module.title })}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
  return (
    <div className={css.stack}>
      <section className={css.card} aria-labelledby="home-title">{greeting}</section>
      {checklistFirst && <OnboardingChecklist placement="top" />}
      <HomeFigures />
      {shortcuts && <div className={css.card}>{shortcuts}</div>}
      <OnboardingChecklist placement="bottom" />
    </div>
  );
}
