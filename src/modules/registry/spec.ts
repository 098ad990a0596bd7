/**
 * How a registry is mounted in the route table (kept free of the declarations themselves so the
 * shared core does not carry them: screens load `resource` by name with their own chunk; what
 * the route table needs of a declaration is in the generated catalogue, core/catalogue). The contract test
 * checks every spec against its declaration.
 */
import type { ComponentType } from 'react';

/** Path of the "Histórico" tab every record has (its audit trail, `GET {path}/{id}/audit`). */
export const AUDIT_TAB = 'historico';

export type RegistryView = 'list' | 'show' | 'create' | 'edit';
export type ViewLoader = () => Promise<{ default: ComponentType<RegistryPageProps> }>;

export interface RegistrySpec {
  /** Declaration name (key of contracts/resources/index.ts). */
  resource: string;
  /** Route base; defaults to the declaration's `route.base`. May hold `{params}`. */
  base: string;
  /** `{id}` parameter name (the declaration's `route.idParam`). */
  idParam?: string;
  /** Page title (the declaration's `labels.many`). */
  title: string;
  /** Sub-pages under `{id}` that are show tabs (`membros`, `politicas`, `items`…). */
  tabs?: readonly string[];
  /** Path parameters fixed by the mount (`{applicationId: 'current'}`). */
  params?: Readonly<Record<string, string>>;
  /**
   * List parameters fixed by the mount (a queue: `{status: ['queued'], mine: ['true']}`): sent with
   * every list, totals and export request, their filters hidden from the user.
   */
  fixedQuery?: Readonly<Record<string, readonly string[]>>;
  /**
   * Which of the declaration's lists this mount is: one of its `list.named` (a queue), absent for
   * its own list. Columns and saved filters are kept per list. A mount with `fixedQuery` names one.
   */
  list?: string;
  /** Sort of the list when the URL names none (the queues: `dueDate`). */
  defaultSort?: string;
  /** Show the totals footer grouped by the declaration's `list.totals.groupBy` (per day, per account). */
  totalsGroups?: boolean;
  /** Records are born of another resource (`bornOf`): no "Novo…", no adicionar, no delete. */
  bornOf?: boolean;
  /** Permission name for this mount (the current application's screens use `application`). */
  permission?: string;
  /**
   * One record at `base` (no list): `show` = show at base + form at base/editar (the current
   * application, id `fixedId`); `form` = the form at base (settings).
   */
  single?: { mode: 'show' | 'form'; fixedId?: string };
  /**
   * Sub-pages under `{id}` that replace only the body of the show page (its header, actions and
   * tabs stay): `/pedidos/{orderId}/analises`. Shown as tabs after the declaration's own.
   */
  pages?: readonly SubPage[];
  /**
   * Replaces only the body of the show page's "Dados" tab (header, workflow buttons, tabs and
   * history stay): a cotação's lines with their pedidos, an ordem's lines with what was received.
   */
  details?: SubPage['load'];
  /**
   * Transitions run on one of the mount's `pages` (the análise concludes a cotação with its
   * award per line): their header button opens that page instead of the generic dialog.
   */
  transitionPages?: Readonly<Record<string, string>>;
  /**
   * Replace one view without copying the rest: `views: {show: () => import('./UserShow')}`. A
   * list view wraps the generic `ListPage` with the same props (tabs or buttons around it): the
   * route asks for that list's first page while its guard runs.
   */
  views?: Partial<Record<RegistryView, ViewLoader>>;
}

/**
 * A mount as data (the route table's data, registry/routeData.ts): its spec with each replaced
 * view and each sub-page named by a key of its area's loaders (`views: {list: 'orderList'}`).
 */
export interface RegistryMountData extends Omit<RegistrySpec, 'views' | 'pages' | 'details'> {
  views?: Partial<Record<RegistryView, string>>;
  /** Key of the area's loader replacing the details body (`RegistrySpec.details`). */
  details?: string;
  pages?: readonly { path: string; label: string; view: string }[];
}

/** Props of a sub-page body (`pages`). */
export interface SubPageProps {
  resource: import('../../contracts/resource').AnyResource;
  record: import('../../core/resources/useList').Row;
  routes: import('../../core/resources/paths').RegistryRoutes;
  /** Asks the show page to read the record again (after a write the body made itself). */
  onReload?: () => void;
}

export interface SubPage {
  path: string;
  /** Catalogue key of the tab label. */
  label: string;
  load: () => Promise<{ default: ComponentType<SubPageProps> }>;
}

/** Props every registry screen receives (route params are spread in too). */
export interface RegistryPageProps {
  spec: RegistrySpec;
  view: RegistryView;
  /** Show tab path (`membros`), when the route is a tab. */
  tab?: string;
  title?: string;
  [param: string]: unknown;
}
