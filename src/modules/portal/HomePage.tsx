import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { appConfigAtom, navigationFor, type NavItem } from '../../core/config';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { sessionAtom } from '../../core/session';
import * as css from '../../core/ui/ui.css';
import { PendingSummary } from './PendingSummary';

const flatten = (items: NavItem[]): { path: string; title: string }[] =>
  items.flatMap((item) => (item.type === 'module' ? [{ path: item.path, title: item.title }] : flatten(item.children)));

/** `/`: greeting and the areas this user may open. */
export default function HomePage() {
  const { loggedUser } = useAtomValue(sessionAtom);
  const config = useAtomValue(appConfigAtom);
  const subject = useAtomValue(permissionSubjectAtom);
  const { go } = useNavigation();
  const modules = useMemo(() => {
    if (!config) return [];
    const tree = navigationFor(config, (resource) => can(subject, resource, 'create').can);
    return [...tree.groups.flatMap((group) => flatten(group.children)), ...flatten(tree.ungrouped)];
  }, [config, subject]);
  return (
    <div className={css.stack}>
    <section className={css.card} aria-labelledby="home-title">
      <h1 id="home-title">{t('portal.home.title', { name: loggedUser?.name ?? '' })}</h1>
      <p>{modules.length ? t('portal.home.intro') : t('portal.home.noModules')}</p>
      <div className={css.row}>
        {modules.slice(0, 12).map((module) => (
          <button key={module.path} type="button" className={css.button.secondary} onClick={() => go(module.path)}>{module.title}</button>
        ))}
      </div>
    </section>
    <PendingSummary />
    </div>
  );
}
