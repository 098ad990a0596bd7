import { useAtomValue } from 'jotai';
import { useMemo, useState, type ReactNode, type Ref } from 'react';
import { appConfigAtom, navigationFor, type NavGroupItem, type NavItem } from '../../core/config';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { Link } from '../../core/ui/Link';
import { MenuSearch } from './MenuSearch';
import { currentPath, groupsHolding, isGroupOpen, moduleEntries, readGroupChoices, writeGroupChoice, type GroupChoices } from './navState';
import * as styles from './portal.css';

interface SidebarProps {
  id?: string;
  /** On a narrow portal: the slide-out panel is open. */
  open?: boolean;
  /** A link or a search result was followed (the slide-out panel closes). */
  onNavigate?: (from: 'link' | 'search') => void;
  /** The menu search's field (Ctrl+K and "/" focus it). */
  searchRef?: Ref<HTMLInputElement>;
}

/**
 * Navigation groups from app.config.json; a module shows only with the create scope on its
 * resource. Groups start closed except the one holding the current page; what the user opens
 * or closes is remembered (`bo.navGroups`).
 */
export function Sidebar({ id, open, onNavigate, searchRef }: SidebarProps) {
  const config = useAtomValue(appConfigAtom);
  const subject = useAtomValue(permissionSubjectAtom);
  const { go, pathname } = useNavigation();
  const tree = useMemo(
    () => (config ? navigationFor(config, (resource) => can(subject, resource, 'create').can) : { groups: [], ungrouped: [] }),
    [config, subject],
  );
  const entries = useMemo(() => moduleEntries(tree), [tree]);
  const current = currentPath(entries.map((entry) => entry.path), pathname);
  const holding = useMemo(() => groupsHolding([...tree.groups, ...tree.ungrouped], current), [tree, current]);
  const [choices, setChoices] = useState<GroupChoices>(() => readGroupChoices());
  const toggle = (key: string, next: boolean) => setChoices(writeGroupChoice(key, next));

  const follow = (path: string, from: 'link' | 'search' = 'link') => {
    go(path);
    onNavigate?.(from);
  };
  const link = (path: string, title: string) => (
    <Link href={path} className={styles.navLink} current={path === current} onFollow={() => follow(path)}>
      {title}
    </Link>
  );
  const group = (item: NavGroupItem, nested?: boolean) => (
    <Group key={item.key} group={item} nested={nested} open={!item.collapsible || isGroupOpen(item.key, choices, holding)} onToggle={toggle}>
      {renderItems(item.children)}
    </Group>
  );
  const renderItems = (items: NavItem[]): ReactNode => (
    <ul className={styles.navList}>
      {items.map((item) => (item.type === 'module' ? <li key={item.name}>{link(item.path, item.title)}</li> : group(item, true)))}
    </ul>
  );
  return (
    <nav id={id} aria-label={t('portal.navigation')} className={styles.sidebar} part="navigation" data-open={open || undefined}>
      <a href="/" className={styles.brand} onClick={(event) => { event.preventDefault(); follow('/'); }}>{t('portal.brand')}</a>
      <MenuSearch entries={entries} inputRef={searchRef} onPick={(path) => follow(path, 'search')} />
      <ul className={styles.navList}>
        {tree.groups.map((item) => group(item))}
        {tree.ungrouped.map((item) => <li key={item.name}>{link(item.path, item.title)}</li>)}
      </ul>
    </nav>
  );
}

function Group({ group, nested, open, onToggle, children }: { group: NavGroupItem; nested?: boolean; open: boolean; onToggle: (key: string, open: boolean) => void; children: ReactNode }) {
  const id = `nav-group-${group.key}`;
  const className = [group.divided ? styles.divided : '', nested ? styles.nested : ''].join(' ').trim() || undefined;
  return (
    <li className={className} data-group={group.key}>
      {group.collapsible ? (
        <button type="button" className={styles.groupButton} aria-expanded={open} aria-controls={id} onClick={() => onToggle(group.key, !open)}>
          <span>{group.title}</span>
          <span aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
      ) : (
        <span className={styles.groupTitle}>{group.title}</span>
      )}
      <div id={id} hidden={!open}>{children}</div>
    </li>
  );
}
