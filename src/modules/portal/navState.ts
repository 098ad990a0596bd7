/**
 * What the portal's chrome derives from where the user is: which sidebar groups are open (the
 * one holding the current page, or what the user chose, remembered in localStorage), the
 * breadcrumbs of an inner page and the document title.
 */
import { fold } from '../../contracts/brazil/text';
import type { NavigationTree, NavItem } from '../../core/config';
import { hasMessage, t } from '../../core/i18n';
import type { RecordTitles } from '../../core/recordTitle';
import { matchRoute, type RouteDef } from '../../core/router';

// ---------------------------------------------------------------- sidebar groups

export const NAV_GROUPS_KEY = 'bo.navGroups';

export type GroupChoices = Record<string, boolean>;

/** True when `pathname` is `path` or below it (the sidebar's notion of "current"). */
export function isCurrent(path: string, pathname: string): boolean {
  return pathname === path || (path !== '/' && pathname.startsWith(`${path}/`));
}

/**
 * The module `pathname` belongs to: the longest of the modules' `paths` it is at or under ('' for
 * none), so a page of `/configuracoes/bancos` belongs to Bancos, not to the hub at `/configuracoes`.
 */
export const currentPath = (paths: readonly string[], pathname: string): string =>
  paths.reduce((best, path) => (path.length > best.length && isCurrent(path, pathname) ? path : best), '');

/** Keys of the groups (nested ones included) that hold the module at `current` (`currentPath`). */
export function groupsHolding(items: readonly NavItem[], current: string): Set<string> {
  const keys = new Set<string>();
  const visit = (item: NavItem): boolean => {
    if (item.type === 'module') return item.path === current;
    let holds = false;
    for (const child of item.children) if (visit(child)) holds = true;
    if (holds) keys.add(item.key);
    return holds;
  };
  for (const item of items) visit(item);
  return keys;
}

/** The user's open/closed choices per group; nothing stored (or unreadable) is no choice. */
export function readGroupChoices(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): GroupChoices {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(NAV_GROUPS_KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}

export function writeGroupChoice(key: string, open: boolean, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeStorage()): GroupChoices {
  const choices = { ...readGroupChoices(storage), [key]: open };
  try {
    storage?.setItem(NAV_GROUPS_KEY, JSON.stringify(choices));
  } catch {
    // private mode or full storage: the choice lasts for this page only
  }
  return choices;
}

/** A group is open when the user said so, else when it holds the current page. */
export function isGroupOpen(key: string, choices: GroupChoices, holding: ReadonlySet<string>): boolean {
  return choices[key] ?? holding.has(key);
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- menu search

/** A module the user may open, with the titles of the groups holding it ("Cadastros"). */
export interface ModuleEntry {
  name: string;
  title: string;
  path: string;
  groups: string[];
}

/** Every module of the tree, in the sidebar's order, with its groups' titles. */
export function moduleEntries(tree: NavigationTree): ModuleEntry[] {
  const entries: ModuleEntry[] = [];
  const visit = (item: NavItem, groups: string[]) => {
    if (item.type === 'module') entries.push({ name: item.name, title: item.title, path: item.path, groups });
    else for (const child of item.children) visit(child, [...groups, item.title]);
  };
  for (const item of [...tree.groups, ...tree.ungrouped]) visit(item, []);
  return entries;
}

/**
 * The modules matching `query` (every word, ignoring case and accents, in the title or a group
 * title): titles that start with the query first, then titles holding it, then group matches;
 * the sidebar's order inside each rank. An empty query matches everything.
 */
export function searchModules(entries: readonly ModuleEntry[], query: string): ModuleEntry[] {
  const words = fold(query).split(' ').filter(Boolean);
  if (!words.length) return [...entries];
  const phrase = words.join(' ');
  const ranked: { entry: ModuleEntry; rank: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const title = fold(entry.title);
    const all = `${title} ${fold(entry.groups.join(' '))}`;
    if (!words.every((word) => all.includes(word))) return;
    const rank = title.startsWith(phrase) ? 0 : words.every((word) => title.includes(word)) ? 1 : 2;
    ranked.push({ entry, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((item) => item.entry);
}

/** Ctrl+K (⌘K) anywhere, or "/" when the focus is not in a field: the keys that open the menu search. */
export function isMenuSearchKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>, target: EventTarget | null | undefined): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  return !isTypingTarget(target);
}

function isTypingTarget(target: EventTarget | null | undefined): boolean {
  const element = target as (HTMLElement & { isContentEditable?: boolean }) | null | undefined;
  if (!element || typeof element !== 'object' || !('tagName' in element)) return false;
  if (element.isContentEditable) return true;
  const tag = String(element.tagName).toLowerCase();
  return tag === 'input' || tag === 'textarea' || tag === 'select' || element.getAttribute?.('contenteditable') != null;
}

// ---------------------------------------------------------------- breadcrumbs

export interface Crumb {
  label: string;
  href: string;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Início › Pedidos › Pedido 12 › Editar: one crumb per prefix of `pathname` that is a page of
 * its own. A record is its name when its show page announced it (`named`), else "{labels.one} {id}"; a sub-page says its own title when it differs from
 * its parent's, else the word for its last segment (`portal.crumbs.segment.editar`); a prefix that
 * is the same page again (`/pedidos/lista`) adds nothing. The home page has no breadcrumbs.
 */
export function breadcrumbsFor(routes: readonly RouteDef[], pathname: string, names: RecordTitles = {}): Crumb[] {
  const parts = pathname.split(/[?#]/, 1)[0].split('/').filter(Boolean);
  if (!parts.length) return [];
  const crumbs: Crumb[] = [{ label: t('portal.crumbs.home'), href: '/' }];
  let previousTitle: string | undefined;
  for (let i = 1; i <= parts.length; i++) {
    const href = `/${parts.slice(0, i).join('/')}`;
    const match = matchRoute(routes, href);
    if (!match || match.route.layout !== 'portal') continue;
    const { route } = match;
    const last = route.path.split('/').filter(Boolean).pop() ?? '';
    const segment = decode(parts[i - 1]);
    let label: string | undefined;
    if (/^\{\w+[*+]\}$/.test(last)) label = segment;
    else if (/^\{\w+\}$/.test(last)) {
      label = names[href] ?? (route.recordLabel
        ? t('portal.crumbs.record', { label: route.recordLabel, id: segment })
        : t('portal.crumbs.record', { label: route.title ?? '', id: segment }));
    } else if (route.title && route.title !== previousTitle) label = route.title;
    else if (hasMessage(`portal.crumbs.segment.${segment}`)) label = t(`portal.crumbs.segment.${segment}`);
    previousTitle = route.title;
    if (label) crumbs.push({ label, href });
  }
  return crumbs.length > 1 ? crumbs : [];
}

/** "Fornecedores · Retaguarda"; the bare brand without a page title. */
export function documentTitleFor(pageTitle: string | undefined): string {
  return pageTitle ? t('portal.documentTitle', { title: pageTitle }) : t('portal.brand');
}
