import { useAtomValue } from 'jotai';
import { useMemo, useState, type ReactNode } from 'react';
import { appConfigAtom, navigationFor, type NavGroupItem, type NavItem } from '../../core/config';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { can, permissionSubjectAtom } from '../../core/permissions';
import * as styles from './portal.css';

/** Navigation groups from app.config.json; a module shows only with the create scope on its resource. */
export function Sidebar() {
  const config = useAtomValue(appConfigAtom);
  const subject = useAtomValue(permissionSubjectAtom);
  const { go, pathname } = useNavigation();
  const tree = useMemo(
    () => (config ? navigationFor(config, (resource) => can(subject, resource, 'create').can) : { groups: [], ungrouped: [] }),
    [config, subject],
  );
  const link = (path: string, title: string) => (
    <a
      href={path}
      className={styles.navLink}
      aria-current={pathname === path || pathname.startsWith(`${path}/`) ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        go(path);
      }}
    >
      {title}
    </a>
  );
  const renderItems = (items: NavItem[]) => (
    <ul className={styles.navList}>
      {items.map((item) =>
        item.type === 'module' ? <li key={item.name}>{link(item.path, item.title)}</li> : <Group key={item.key} group={item} renderItems={renderItems} nested />,
      )}
    </ul>
  );
  return (
    <nav aria-label={t('portal.navigation')} className={styles.sidebar} part="navigation">
      <a href="/" className={styles.brand} onClick={(event) => { event.preventDefault(); go('/'); }}>{t('portal.brand')}</a>
      <ul className={styles.navList}>
        {tree.groups.map((group) => <Group key={group.key} group={group} renderItems={renderItems} />)}
        {tree.ungrouped.map((item) => <li key={item.name}>{link(item.path, item.title)}</li>)}
      </ul>
    </nav>
  );
}

function Group({ group, renderItems, nested }: { group: NavGroupItem; renderItems: (items: NavItem[]) => ReactNode; nested?: boolean }) {
  const [open, setOpen] = useState(true);
  const id = `nav-group-${group.key}`;
  const className = [group.divided ? styles.divided : '', nested ? styles.nested : ''].join(' ').trim() || undefined;
  return (
    <li className={className} data-group={group.key}>
      {group.collapsible ? (
        <button type="button" className={styles.groupButton} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          <span>{group.title}</span>
          <span aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
      ) : (
        <span className={styles.groupTitle}>{group.title}</span>
      )}
      <div id={id} hidden={!open}>{renderItems(group.children)}</div>
    </li>
  );
}
