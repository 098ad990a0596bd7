import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigError,
  apiUrl,
  fetchAppConfig,
  fetchBuildManifest,
  navigationFor,
  startBuildPolling,
} from '../../../src/core/config';
import { parseAppConfig } from '../../../src/core/configSchema';
import { ApiError } from '../../../src/core/api';
import { jsonResponse } from './helpers';

const raw = JSON.parse(readFileSync(resolve(__dirname, '../../../app.config.json'), 'utf8'));

describe('app.config.json', () => {
  it('the file in the repository is valid', () => {
    const config = parseAppConfig(raw);
    expect(config.useProjectId).toBe(raw.useProjectId);
    expect(config.composables.useModuleNavigation.modules.length).toBeGreaterThan(10);
  });

  it('fetchAppConfig adds a cache-busting timestamp and validates', async () => {
    const urls: string[] = [];
    const config = await fetchAppConfig('/app.config.json', async (url) => {
      urls.push(url);
      return jsonResponse(raw);
    });
    expect(urls[0]).toMatch(/^\/app\.config\.json\?t=\d+$/);
    expect(config.useFrontEndVersion).toBe(raw.useFrontEndVersion);
  });

  it('fetchAppConfig revalidates with the last ETag and reuses the config on a 304', async () => {
    const sent: (string | null)[] = [];
    const answer = (etag: string, status = 200) => async (_url: string, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('if-none-match'));
      return status === 304 ? new Response(null, { status: 304, headers: { etag } }) : new Response(JSON.stringify(raw), { status, headers: { etag, 'content-type': 'application/json' } });
    };
    const url = '/etag/app.config.json';
    const first = await fetchAppConfig(url, answer('"v1"'));
    const again = await fetchAppConfig(url, answer('"v1"', 304));
    expect(again).toBe(first);
    await fetchAppConfig(url, answer('"v2"'));
    expect(sent).toEqual([null, '"v1"', '"v1"']);
    await fetchAppConfig(url, answer('"v2"', 304));
    expect(sent.at(-1)).toBe('"v2"');
  });

  it('an invalid config throws a pt-BR error listing the problems', async () => {
    const broken = structuredClone(raw);
    delete broken.useProjectId;
    broken.apis.identity.baseURL = '';
    const error = await fetchAppConfig('/app.config.json', async () => jsonResponse(broken)).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain('A configuração do aplicativo (/app.config.json) é inválida:');
    expect(error.problems).toEqual(['useProjectId: campo obrigatório', 'apis.identity.baseURL: campo obrigatório']);
    expect(error.message).toContain('- useProjectId: campo obrigatório');
  });

  it('a group referencing an unknown module is invalid', () => {
    const broken = structuredClone(raw);
    broken.composables.useModuleNavigation.getNavigationGroupedArrayKeys[0].children.push('naoExiste');
    expect(() => parseAppConfig(broken)).toThrow(
      'composables.useModuleNavigation.getNavigationGroupedArrayKeys[0].children[5]: o módulo "naoExiste" não existe em modules',
    );
  });

  it('reports wrong types in nested groups', () => {
    const broken = structuredClone(raw);
    broken.composables.useModuleNavigation.getNavigationGroupedArrayKeys[0].children.push({ key: 'sub', title: 3, children: [] });
    expect(() => parseAppConfig(broken)).toThrow(/getNavigationGroupedArrayKeys\[0\]\.children\[5\]\.title: tipo inválido \(esperado: texto\)/);
  });

  describe('a text validated before', () => {
    const url = '/kept.config.json';
    const broken = () => {
      const config = structuredClone(raw);
      delete config.useProjectId;
      return config;
    };
    const keep = (schema: string, at: string, text: string) => localStorage.setItem('bo.appConfig.validated', JSON.stringify({ schema, url: at, text }));
    afterEach(() => localStorage.removeItem('bo.appConfig.validated'));

    it('a valid config is kept as validated, and the same text is then taken without the validator', async () => {
      const text = JSON.stringify(raw);
      await fetchAppConfig(url, async () => new Response(text));
      expect(JSON.parse(localStorage.getItem('bo.appConfig.validated')!)).toEqual({ schema: 'test', url, text });
      // What the validator would refuse, stored as validated by this schema for this URL: taken as is.
      const kept = JSON.stringify(broken());
      keep('test', url, kept);
      await expect(fetchAppConfig(url, async () => new Response(kept))).resolves.toMatchObject({ apis: raw.apis });
    });

    it('another text, another URL or another schema is validated again', async () => {
      const kept = JSON.stringify(broken());
      keep('test', url, JSON.stringify(raw));
      await expect(fetchAppConfig(url, async () => new Response(kept))).rejects.toBeInstanceOf(ConfigError);
      keep('test', '/other.config.json', kept);
      await expect(fetchAppConfig(url, async () => new Response(kept))).rejects.toBeInstanceOf(ConfigError);
      keep('an older schema', url, kept);
      await expect(fetchAppConfig(url, async () => new Response(kept))).rejects.toBeInstanceOf(ConfigError);
      // A refused text is not kept.
      expect(JSON.parse(localStorage.getItem('bo.appConfig.validated')!).schema).toBe('an older schema');
    });
  });

  it('an unreachable config is an ApiError', async () => {
    await expect(fetchAppConfig('/app.config.json', async () => new Response('', { status: 404 }))).rejects.toMatchObject({ status: 404 });
  });
});

describe('apiUrl', () => {
  const config = parseAppConfig({ ...raw, apis: { ...raw.apis, identity: { baseURL: '/v1/identity', docs: '/v1/identity/docs' } } });
  it('returns the base URL or another key', () => {
    expect(apiUrl(config, 'identity')).toBe('/v1/identity');
    expect(apiUrl(config, 'identity', 'docs')).toBe('/v1/identity/docs');
  });
  it('rejects an unknown API or key with 400', () => {
    for (const call of [() => apiUrl(config, 'nope'), () => apiUrl(config, 'identity', 'nope'), () => apiUrl(config, 'toString')]) {
      let error: unknown;
      try {
        call();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
    }
  });
});

describe('navigationFor (spec §2 sidebar)', () => {
  const config = parseAppConfig(raw);

  it('shows only modules with the create scope and drops empty groups', () => {
    const allowed = new Set(['orders', 'quotes', 'payables']);
    const tree = navigationFor(config, (r) => allowed.has(r));
    expect(tree.groups.map((g) => g.key)).toEqual(['procurement', 'finance']);
    expect(tree.groups[0].children.map((c) => (c.type === 'module' ? c.name : c.key))).toEqual(['orders', 'quotes']);
    expect(tree.groups[0]).toMatchObject({ title: 'Compras', collapsible: true, divided: false });
    expect(tree.ungrouped).toEqual([]);
  });

  it('nothing allowed → empty tree', () => {
    expect(navigationFor(config, () => false)).toEqual({ groups: [], ungrouped: [] });
  });

  it('keeps nested groups and lists modules no group references', () => {
    const custom = parseAppConfig({
      ...raw,
      composables: {
        useModuleNavigation: {
          modules: [
            { name: 'a', resource: 'a', path: '/a', title: 'A' },
            { name: 'b', resource: 'b', path: '/b' },
            { name: 'c', resource: 'c', path: '/c', title: 'C' },
            { name: 'd', resource: 'd', path: '/d', title: 'D' },
          ],
          getNavigationGroupedArrayKeys: [
            { key: 'top', title: 'Topo', children: ['a', { key: 'inner', title: 'Dentro', children: ['b'] }, { key: 'empty', title: 'Vazio', children: ['c'] }] },
          ],
        },
      },
    });
    const tree = navigationFor(custom, (r) => r !== 'c');
    expect(tree.groups).toHaveLength(1);
    expect(tree.groups[0].children).toEqual([
      { type: 'module', name: 'a', title: 'A', resource: 'a', path: '/a' },
      { type: 'group', key: 'inner', title: 'Dentro', collapsible: false, divided: false, children: [{ type: 'module', name: 'b', title: 'b', resource: 'b', path: '/b' }] },
    ]);
    expect(tree.ungrouped.map((m) => m.name)).toEqual(['d']);
  });
});

describe('build manifest', () => {
  afterEach(() => vi.useRealTimers());
  const config = parseAppConfig({ ...raw, buildManifest: { url: '/builds/latest.json', pollIntervalSeconds: 10 } });

  it('fetches with a timestamp parameter', async () => {
    const urls: string[] = [];
    await fetchBuildManifest(config, async (url) => {
      urls.push(url);
      return jsonResponse({ version: '1' });
    });
    expect(urls[0]).toMatch(/^\/builds\/latest\.json\?t=\d+$/);
  });

  it('polls at the configured interval and announces a new version once', async () => {
    vi.useFakeTimers();
    let version = config.useFrontEndVersion;
    const seen: string[] = [];
    const stop = startBuildPolling(config, (v) => seen.push(v), async () => jsonResponse({ version }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toEqual([]);
    version = '9.9.9';
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toEqual(['9.9.9']);
    stop();
  });

  it('defaults to 300 s', async () => {
    vi.useFakeTimers();
    const plain = parseAppConfig({ ...raw, buildManifest: undefined });
    let calls = 0;
    const stop = startBuildPolling(plain, () => {}, async () => {
      calls++;
      return jsonResponse({ version: 'x' });
    });
    await vi.advanceTimersByTimeAsync(299_000);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(1);
    stop();
  });
});
