/** The "Histórico" of a workflow record: each step's states, who and when, and what it did. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payableInstallments } from '../../../src/contracts/resources';
import { clearCache } from '../../../src/core/resources/cache';
import { HistoryTimeline } from '../../../src/core/ui/HistoryTimeline';
import { json, mount, resetApi, signIn, stubApi, text } from './harness';

const step = (id: string, from: string | null, to: string, at: string, input: Record<string, unknown> = {}) => ({
  id, entityType: 'payableInstallments', entityId: 'i1', action: 'settle', from, to, at, version: 1, actor: { id: 'u1', label: 'Tesouraria' }, input,
});

beforeEach(() => signIn());
afterEach(() => {
  resetApi();
  clearCache();
});

describe('HistoryTimeline', () => {
  it('shows from → to for a change of state, and the state once for a step that kept it (a partial baixa)', async () => {
    stubApi(() => json([
      step('h2', 'authorized', 'authorized', '2026-11-20T15:00:00.000Z', { amount: 10000, paidOn: '2026-11-20' }),
      step('h1', 'queued', 'authorized', '2026-11-19T15:00:00.000Z'),
    ]));
    const view = await mount(() => <HistoryTimeline resource={payableInstallments} params={{}} id="i1" />);
    const items = [...view.container.querySelectorAll('ol > li')];
    expect(items).toHaveLength(2);
    expect(text(items[0].querySelector('span')!)).not.toContain('→');
    expect(text(items[1].querySelector('span')!)).toContain('→');
    view.unmount();
  });
});
