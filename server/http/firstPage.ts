/**
 * The portal page's first requests: a page whose path is a registry list names the URL of that
 * list's first page and of its preferences (`<meta name="retaguarda-first-page">`) — a report's page, the report's request
 * (contracts/reportRequest.ts) — and retaguarda.js sends it at once
 * with the stored session (src/core/firstPageEarly.ts), while the portal's code downloads. The
 * route table's data (not its screens: no React here), list state and URL code are the client's
 * own, so the URL is the one the list's prime asks for (tests/unit/registry/first-page-url.test.ts holds them equal for every list).
 */
import { endpointPath } from '../../src/contracts/endpoint.js';
import { REPORTS, type ReportName } from '../../src/contracts/reports.js';
import { reportFilters, reportParams } from '../../src/contracts/reportRequest.js';
import { findResource } from '../../src/contracts/resources/index.js';
import { FIRST_PAGE_META } from '../../src/core/firstPageEarly.js';
import { matchLocation } from '../../src/core/routeMatch.js';
import { preferencesRequest } from '../../src/core/resources/paths.js';
import { buildUrl, pageQuery } from '../../src/core/url.js';
import { firstPageRequest } from '../../src/modules/registry/listQuery.js';
import { portalRouteData } from '../../src/modules/portal/routes.data.js';
import { escapeHtml } from '../mail/templates.js';

export type ListAt = NonNullable<ReturnType<typeof listAt>>;

/** The registry list a portal path shows, with its route parameters; null elsewhere. */
export function listAt(pathname: string) {
  const { match, notFound } = matchLocation(portalRouteData, pathname);
  return match?.route.list && !notFound ? { mount: match.route.list, params: match.params } : null;
}

/** A path on this origin (the stored token only goes where the portal itself is). */
const sameOriginPath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');

/** The config's `apis[api].baseURL` (app.config.json's text), or null. */
function baseUrl(configText: string | undefined, api: string): string | null {
  try {
    const value: unknown = (JSON.parse(configText ?? '') as { apis?: Record<string, { baseURL?: unknown }> })?.apis?.[api]?.baseURL;
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}

/**
 * The URL of the first page shown at `pathname` + `search` (`list`: its route, when already
 * matched); null when no list is there or the request would leave this origin (the stored token
 * only goes where the portal itself is).
 */
export function firstPageUrl(pathname: string, search: string, configText: string | undefined, list: ListAt | null = listAt(pathname)): string | null {
  const resource = list && findResource(list.mount.resource);
  if (!list || !resource) return null;
  const { api, path, query } = firstPageRequest(resource, list.mount, list.params, search);
  const base = baseUrl(configText, api);
  if (base === null) return null;
  const { page, perPage, ...rest } = query;
  const url = buildUrl(base, path, pageQuery(rest, Number(page), perPage ? Number(perPage) : undefined));
  return sameOriginPath(url) ? url : null;
}

/** The report screen a portal path shows (its route's view names a declared report); null elsewhere. */
export function reportAt(pathname: string): ReportName | null {
  const { match, notFound } = matchLocation(portalRouteData, pathname);
  const view = match?.route.view;
  return view && !notFound && Object.hasOwn(REPORTS, view) ? (view as ReportName) : null;
}

/** The URL of the report's own request at `search` (ReportPage asks the same: contracts/reportRequest.ts); null when it would leave this origin. */
export function reportRequestUrl(report: ReportName, search: string, configText: string | undefined, today?: string): string | null {
  const declaration = REPORTS[report];
  const base = baseUrl(configText, declaration.endpoint.family);
  if (base === null) return null;
  const url = buildUrl(base, endpointPath(declaration.endpoint), reportParams(reportFilters(declaration, new URLSearchParams(search), today)));
  return sameOriginPath(url) ? url : null;
}

/**
 * The URL of the list's preferences (its columns and saved filters), which the list screen awaits
 * beside the first page (src/core/resources/preferences.ts asks the same); null as firstPageUrl.
 */
export function listPreferencesUrl(configText: string | undefined, list: ListAt): string | null {
  const resource = findResource(list.mount.resource);
  const base = resource && baseUrl(configText, resource.api);
  if (!resource || !base) return null;
  const { path, query } = preferencesRequest(resource, { ...list.params, ...list.mount.params }, list.mount.list);
  const url = buildUrl(base, path, query);
  return sameOriginPath(url) ? url : null;
}

/**
 * The `<meta>` that names the page's first requests, or '': a list's first page and its
 * preferences (space-separated), or a report's request.
 */
export function firstPageMeta(pathname: string, search: string, configText: string | undefined, list: ListAt | null = listAt(pathname)): string {
  const report = list ? null : reportAt(pathname);
  const page = list ? firstPageUrl(pathname, search, configText, list) : report ? reportRequestUrl(report, search, configText) : null;
  const urls = page && list ? [page, listPreferencesUrl(configText, list)] : [page];
  const content = urls.filter((url): url is string => url !== null).join(' ');
  return content ? `<meta name="${FIRST_PAGE_META}" content="${escapeHtml(content)}" />` : '';
}
