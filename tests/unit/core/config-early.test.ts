/** Guard step 1's read of app.config.json, asked for by retaguarda.js before the element's code has loaded. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAppConfig } from '../../../src/core/config';
import { requestConfigEarly } from '../../../src/core/configEarly';
import { jsonResponse, testConfig } from './helpers';

afterEach(() => vi.unstubAllGlobals());

describe('the early read of app.config.json', () => {
  it('is taken by the first load of that URL (one request, with the timestamp and no cache); later loads ask again', async () => {
    const sent: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      sent.push({ url, init });
      return jsonResponse(testConfig({ useFrontEndVersion: `v${sent.length}` }));
    });
    requestConfigEarly('/app.config.json');
    requestConfigEarly('/app.config.json'); // a second tag on the page: still one request
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toMatch(/^\/app\.config\.json\?t=\d+$/);
    expect(sent[0].init).toMatchObject({ cache: 'no-store', headers: { Accept: 'application/json' } });

    const guardFetch = vi.fn();
    expect((await loadAppConfig('/app.config.json', guardFetch)).useFrontEndVersion).toBe('v1');
    expect(guardFetch).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);

    // The next navigation reads the file again (a new version is noticed).
    expect((await loadAppConfig('/app.config.json')).useFrontEndVersion).toBe('v2');
    expect(sent).toHaveLength(2);
    // Nor is a new early read made once the page has had one.
    requestConfigEarly('/app.config.json');
    expect(sent).toHaveLength(2);
  });
});

describe("the portal page's inline early script", () => {
  it('runs its own copy of these modules; the bundle takes what that copy asked for (one request each)', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      sent.push(url);
      return jsonResponse(testConfig({ useFrontEndVersion: `v${sent.length}` }));
    });
    const { resetConfigEarly } = await import('../../../src/core/configEarly');
    resetConfigEarly();
    // early.js: a separate copy of the modules, run before the bundle.
    vi.resetModules();
    const inline = await import('../../../src/core/configEarly');
    inline.requestConfigEarly('/config/portal.json');
    vi.resetModules();
    const bundle = await import('../../../src/core/configEarly');
    expect(bundle).not.toBe(inline);
    // retaguarda.js asks again when it finds the tag: nothing more is sent.
    bundle.requestConfigEarly('/config/portal.json');
    expect(sent).toHaveLength(1);
    const { loadAppConfig } = await import('../../../src/core/config');
    expect((await loadAppConfig('/config/portal.json')).useFrontEndVersion).toBe('v1');
    expect(sent).toHaveLength(1);
  });
});
