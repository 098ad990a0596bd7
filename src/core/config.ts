/**
 * Runtime configuration (app.config.json): schema, loading, API URLs, build-manifest polling
 * and the navigation tree derived from it.
 */
import { atom } from 'jotai/vanilla';
import { ApiError } from './api';
import { CONFIG_REQUEST, hasEarlyConfig, takeEarlyConfig, withTimestamp } from './configEarly';
import { t } from './i18n';
import { store } from './store';

// ---------------------------------------------------------------- schema

export interface NavGroupConfig {
  key: string;
  title: string;
  icon?: string;
  collapsible?: boolean;
  divided?: boolean;
  /** Module names, or nested groups (indented children). */
  children: (string | NavGroupConfig)[];
}

export type { ApiConfig, AppConfig, ModuleConfig } from './configSchema';
import type { AppConfig, ModuleConfig } from './configSchema';

export const DEFAULT_BUILD_MANIFEST_URL = '/builds/latest.json';
export const DEFAULT_POLL_INTERVAL_SECONDS = 300;


/** The app config was unreadable or invalid; `problems` lists each issue (pt-BR). */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(message: string, problems: string[] = []) {
    super(problems.length ? `${message}\n${problems.map((p) => `- ${p}`).join('\n')}` : message);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

// ---------------------------------------------------------------- loading

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** The last config read per URL with its validator: a 304 answer reuses it (no body, no parse). */
const validated = new Map<string, { etag: string; config: AppConfig }>();

/**
 * GET app.config.json with a timestamp parameter (spec), validated. Public call (no token).
 * Sends the last ETag: the server answers 304 while the file is unchanged.
 */
export async function fetchAppConfig(url = '/app.config.json', fetchImpl: FetchLike = defaultFetch): Promise<AppConfig> {
  const known = validated.get(url);
  let response: Response;
  try {
    // Not on another origin: If-None-Match is no CORS-safelisted header (it would cost a preflight).
    const headers: Record<string, string> = known && sameOrigin(url) ? { Accept: 'application/json', 'If-None-Match': known.etag } : { Accept: 'application/json' };
    // The page's first read may already be on its way (retaguarda.js asked for it).
    response = await (takeEarlyConfig(url) ?? fetchImpl(withTimestamp(url), { ...CONFIG_REQUEST, headers }));
  } catch (cause) {
    throw new ApiError({ status: 'UNK', message: t('config.unreadable', { url }), cause });
  }
  if (response.status === 304 && known) return known.config;
  if (!response.ok) throw new ApiError({ status: response.status, message: t('config.unreadable', { url }) });
  const etag = response.headers?.get?.('etag');
  const config = await parseConfigResponse(response, url);
  if (etag) validated.set(url, { etag, config });
  else validated.delete(url);
  return config;
}

function sameOrigin(url: string): boolean {
  if (!/^([a-z][a-z\d+.-]*:)?\/\//i.test(url)) return true;
  try {
    return typeof location !== 'undefined' && new URL(url).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * The last text this bundle validated, kept across visits: the same text again needs no validator,
 * so an element opened with an unchanged config loads neither the schema nor zod (issue 23: the
 * first list's bytes). Another text, another URL or another schema (`__CONFIG_SCHEMA_ID__`) validates again.
 */
const VALIDATED_KEY = 'bo.appConfig.validated';

interface ValidatedText {
  /** The schema the text passed. */
  schema: string;
  url: string;
  text: string;
}

function storedValidText(url: string): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem(VALIDATED_KEY) ?? 'null') as ValidatedText | null;
    return stored && stored.schema === __CONFIG_SCHEMA_ID__ && stored.url === url && typeof stored.text === 'string' ? stored.text : null;
  } catch {
    return null;
  }
}

function storeValidText(url: string, text: string): void {
  try {
    localStorage.setItem(VALIDATED_KEY, JSON.stringify({ schema: __CONFIG_SCHEMA_ID__, url, text } satisfies ValidatedText));
  } catch {
    // Storage full or refused: the next visit validates again.
  }
}

async function parseConfigResponse(response: Response, url: string): Promise<AppConfig> {
  let text: string;
  let body: unknown;
  try {
    text = await response.text();
    body = JSON.parse(text);
  } catch {
    throw new ConfigError(t('config.unreadable', { url }));
  }
  if (text === storedValidText(url)) return body as AppConfig;
  const { parseAppConfig } = await import('./configSchema');
  const config = parseAppConfig(body, url);
  storeValidText(url, text);
  return config;
}

/** The app config in use (null until loaded). */
export const appConfigAtom = atom<AppConfig | null>(null);

let appConfigUrl = '/app.config.json';
let pending: Promise<AppConfig> | null = null;

/** Where `loadAppConfig()` reads from (an intranet page may host the file elsewhere). */
export function setAppConfigUrl(url: string): void {
  appConfigUrl = url;
}

/**
 * The read of the page's early request (configEarly.ts) until a guard takes it as its step 1:
 * when the first screen's prime read the config before the guard ran, the guard's first step
 * is that same request, not a second one.
 */
let firstRead: Promise<AppConfig> | null = null;

/** Guard step 1: the page's early read when no guard used it yet, else a new read. */
export function loadAppConfigForGuard(): Promise<AppConfig> {
  const first = firstRead;
  firstRead = null;
  if (first) return first;
  const read = loadAppConfig();
  // A guard's own read, early request or not, serves that guard only.
  firstRead = null;
  return read;
}

/** Fetches the config (deduplicated while in flight) and stores it in `appConfigAtom`. */
export function loadAppConfig(url = appConfigUrl, fetchImpl?: FetchLike): Promise<AppConfig> {
  if (pending) return pending;
  const early = hasEarlyConfig(url);
  pending = fetchAppConfig(url, fetchImpl)
    .then((config) => {
      store.set(appConfigAtom, config);
      return config;
    })
    .finally(() => {
      pending = null;
    });
  if (early) firstRead = pending;
  return pending;
}

/** The loaded config, or loads it once. */
export async function ensureAppConfig(): Promise<AppConfig> {
  return store.get(appConfigAtom) ?? loadAppConfig();
}

/** Current config from the store, or null. */
export function getAppConfig(): AppConfig | null {
  return store.get(appConfigAtom);
}

/** URL `key` of API `api`; an unknown API or key → ApiError 400 (spec §5). */
export function apiUrl(config: Pick<AppConfig, 'apis'>, api: string, key = 'baseURL'): string {
  const entry = Object.prototype.hasOwnProperty.call(config.apis, api) ? config.apis[api] : undefined;
  if (!entry) throw new ApiError({ status: 400, message: t('config.unknownApi', { api }) });
  const value = Object.prototype.hasOwnProperty.call(entry, key) ? entry[key] : undefined;
  if (typeof value !== 'string' || !value) throw new ApiError({ status: 400, message: t('config.unknownApiKey', { api, key }) });
  return value;
}

// ---------------------------------------------------------------- build manifest

/** builds/latest.json: `{ version }` (or `{ id }`), anything else is ignored. */
export interface BuildManifest {
  version?: string;
  id?: string;
  builtAt?: string;
  [key: string]: unknown;
}

export function buildManifestUrl(config: AppConfig): string {
  return config.buildManifest?.url ?? DEFAULT_BUILD_MANIFEST_URL;
}

export function buildPollIntervalMs(config: AppConfig): number {
  return (config.buildManifest?.pollIntervalSeconds ?? DEFAULT_POLL_INTERVAL_SECONDS) * 1000;
}

/** GET the build manifest with a timestamp parameter. */
export async function fetchBuildManifest(config: AppConfig, fetchImpl: FetchLike = defaultFetch): Promise<BuildManifest> {
  const url = buildManifestUrl(config);
  let response: Response;
  try {
    response = await fetchImpl(withTimestamp(url), CONFIG_REQUEST);
  } catch (cause) {
    throw new ApiError({ status: 'UNK', message: t('config.buildManifestUnreadable', { url }), cause });
  }
  if (!response.ok) throw new ApiError({ status: response.status, message: t('config.buildManifestUnreadable', { url }) });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!body || typeof body !== 'object') throw new ApiError({ status: 400, message: t('config.buildManifestUnreadable', { url }) });
  return body as BuildManifest;
}

/**
 * Polls the build manifest every `buildManifest.pollIntervalSeconds` (default 300 s).
 * `onNewVersion(version, manifest)` is called once per version different from the running
 * one (the config's `useFrontEndVersion`; a manifest with only an `id` is compared with the
 * first id seen). Fetch failures are ignored. Returns a stop function.
 */
export function startBuildPolling(
  config: AppConfig,
  onNewVersion: (version: string, manifest: BuildManifest) => void,
  fetchImpl?: FetchLike,
): () => void {
  let baselineId: string | undefined;
  const announced = new Set<string>();
  let stopped = false;
  const tick = async () => {
    try {
      const manifest = await fetchBuildManifest(config, fetchImpl);
      if (stopped) return;
      let current: string | undefined;
      let baseline: string | undefined;
      if (typeof manifest.version === 'string' && manifest.version) {
        current = manifest.version;
        baseline = config.useFrontEndVersion;
      } else if (typeof manifest.id === 'string' && manifest.id) {
        current = manifest.id;
        baselineId ??= manifest.id;
        baseline = baselineId;
      }
      if (current && current !== baseline && !announced.has(current)) {
        announced.add(current);
        onNewVersion(current, manifest);
      }
    } catch {
      // Polling is best effort: the next tick tries again.
    }
  };
  const timer = setInterval(tick, buildPollIntervalMs(config));
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

// ---------------------------------------------------------------- navigation

export interface NavModuleItem {
  type: 'module';
  name: string;
  title: string;
  resource: string;
  path: string;
  icon?: string;
}

export interface NavGroupItem {
  type: 'group';
  key: string;
  title: string;
  icon?: string;
  collapsible: boolean;
  divided: boolean;
  children: NavItem[];
}

export type NavItem = NavModuleItem | NavGroupItem;

export interface NavigationTree {
  groups: NavGroupItem[];
  /** Modules referenced by no group, after the groups. */
  ungrouped: NavModuleItem[];
}

/**
 * The sidebar tree (spec §2): a module shows only if `canCreate(module.resource)`; groups left
 * empty are removed; modules no group references go to `ungrouped`, in config order.
 */
export function navigationFor(config: AppConfig, canCreate: (resource: string) => boolean): NavigationTree {
  const nav = config.composables.useModuleNavigation;
  const byName = new Map(nav.modules.map((m) => [m.name, m]));
  const referenced = new Set<string>();

  const moduleItem = (m: ModuleConfig): NavModuleItem | null =>
    canCreate(m.resource)
      ? { type: 'module', name: m.name, title: m.title ?? m.name, resource: m.resource, path: m.path, ...(m.icon ? { icon: m.icon } : {}) }
      : null;

  const group = (g: NavGroupConfig): NavGroupItem | null => {
    const children: NavItem[] = [];
    for (const child of g.children) {
      if (typeof child === 'string') {
        referenced.add(child);
        const m = byName.get(child);
        const item = m ? moduleItem(m) : null;
        if (item) children.push(item);
      } else {
        const nested = group(child);
        if (nested) children.push(nested);
      }
    }
    if (!children.length) return null;
    return {
      type: 'group',
      key: g.key,
      title: g.title,
      ...(g.icon ? { icon: g.icon } : {}),
      collapsible: g.collapsible ?? false,
      divided: g.divided ?? false,
      children,
    };
  };

  const groups = nav.getNavigationGroupedArrayKeys.map(group).filter((g): g is NavGroupItem => g !== null);
  const ungrouped = nav.modules
    .filter((m) => !referenced.has(m.name))
    .map(moduleItem)
    .filter((m): m is NavModuleItem => m !== null);
  return { groups, ungrouped };
}
