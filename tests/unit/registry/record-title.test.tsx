/** A record's name in the breadcrumbs: its title, or its kind when it has none — never its id. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approvalDelegations } from '../../../src/contracts/resources';
import { clearCache } from '../../../src/core/resources/cache';
import { recordTitlesAtom } from '../../../src/core/recordTitle';
import { store } from '../../../src/core/store';
import ShowPage from '../../../src/modules/registry/ShowPage';
import { mountSpec } from '../../../src/modules/registry/resourceRoutes';
import { flush, json, mount, resetApi, signIn, stubApi } from './harness';
import { sampleRecord } from './samples';

const spec = mountSpec('approvalDelegations');
const path = '/configuracoes/substituicoes-de-aprovadores/d1';

beforeEach(() => signIn());
afterEach(() => {
  resetApi();
  clearCache();
});

describe("a record's name in the breadcrumbs", () => {
  it('is its title field, or its kind when that is empty (a substitution without a reason)', async () => {
    stubApi(() => json(sampleRecord(approvalDelegations, { id: 'd1', version: 1, reason: 'Férias' })));
    let view = await mount(() => <ShowPage spec={spec} view="show" delegationId="d1" />, { path });
    await flush();
    expect(store.get(recordTitlesAtom)[path]).toBe('Férias');
    view.unmount();
    clearCache();

    stubApi(() => json(sampleRecord(approvalDelegations, { id: 'd1', version: 2, reason: null })));
    view = await mount(() => <ShowPage spec={spec} view="show" delegationId="d1" />, { path });
    await flush();
    expect(store.get(recordTitlesAtom)[path]).toBe('Substituição de aprovador');
    view.unmount();
  });
});
