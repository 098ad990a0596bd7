import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bankAccounts, payableInstallments, users } from '../../../src/contracts/resources';
import { DataTable } from '../../../src/core/ui/DataTable';
import { Pagination } from '../../../src/core/ui/Pagination';
import { parseLinkHeader } from '../../../src/core/api';
import { getNotices } from '../../../src/core/notices';
import { setPermissions } from '../../../src/core/session';
import ListPage from '../../../src/modules/registry/ListPage';
import type { RegistrySpec } from '../../../src/modules/registry/spec';
import { byText, calls, click, eventually, flush, json, mount, pageResponse, resetApi, signIn, stubApi, text, type } from './harness';
import { sampleRecord } from './samples';

const spec: RegistrySpec = { resource: 'users', base: '/usuarios', idParam: 'userId', title: 'Usuários' };
const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => sampleRecord(users, { id: `u${from + i}`, name: `Pessoa ${from + i}` }));

beforeEach(() => signIn());
afterEach(() => resetApi());

describe('Pagination from the Link header', () => {
  it('offers first/prev/next/last with the pages of the links', async () => {
    const pages: number[] = [];
    const link = '<http://x/users?page=1>; rel="first", <http://x/users?page=2>; rel="prev", <http://x/users?page=4>; rel="next", <http://x/users?page=9>; rel="last"';
    const view = await mount(() => <Pagination pagination={parseLinkHeader(link, 3)} onPage={(p) => pages.push(p)} />);
    const nav = view.container.querySelector('nav')!;
    expect(nav.getAttribute('aria-label')).toBe('Paginação');
    expect(text(nav)).toContain('Página 3 de 9');
    for (const [label, page] of [['Primeira página', 1], ['Página anterior', 2], ['Próxima página', 4], ['Última página', 9]] as const) {
      await click(nav.querySelector(`button[aria-label="${label}"]`));
      expect(pages.at(-1)).toBe(page);
    }
    view.unmount();
  });

  it('disables first/prev on the first page and next/last on the last', async () => {
    const first = await mount(() => <Pagination pagination={parseLinkHeader('<x?page=2>; rel="next", <x?page=3>; rel="last"', 1)} onPage={() => undefined} />);
    expect(first.container.querySelector<HTMLButtonElement>('[aria-label="Primeira página"]')!.disabled).toBe(true);
    expect(first.container.querySelector<HTMLButtonElement>('[aria-label="Página anterior"]')!.disabled).toBe(true);
    expect(first.container.querySelector<HTMLButtonElement>('[aria-label="Próxima página"]')!.disabled).toBe(false);
    first.unmount();
    const last = await mount(() => <Pagination pagination={parseLinkHeader('<x?page=1>; rel="first", <x?page=2>; rel="prev"', 3)} onPage={() => undefined} />);
    expect(last.container.querySelector<HTMLButtonElement>('[aria-label="Próxima página"]')!.disabled).toBe(true);
    expect(last.container.querySelector<HTMLButtonElement>('[aria-label="Última página"]')!.disabled).toBe(true);
    last.unmount();
  });
});

describe('ListPage', () => {
  it('says "Mais de 10.000 registros" when the server stopped counting, and pages on without a last page', async () => {
    const link = '<http://localhost/v1/identity/users?page=1&perPage=25>; rel="first", <http://localhost/v1/identity/users?page=2&perPage=25>; rel="next"';
    stubApi(() => json(rows(25), { headers: { link, 'x-total-count-over': '10000' } }));
    const view = await mount(() => createElement(ListPage, { spec, view: 'list' }), { path: '/usuarios?q=ltda' });
    expect(text(view.container)).toContain('Mais de 10.000 registros');
    expect(text(view.container)).toContain('Página 1');
    expect(view.container.querySelector<HTMLButtonElement>('[aria-label="Próxima página"]')!.disabled).toBe(false);
    expect(view.container.querySelector<HTMLButtonElement>('[aria-label="Última página"]')!.disabled).toBe(true);
    view.unmount();
  });

  it('keeps page, sort, search and filters in the URL and sends them to the API', async () => {
    stubApi((call) => pageResponse(rows(25), { page: Number(call.url.searchParams.get('page')), last: 4, total: 90 }));
    const view = await mount(() => createElement(ListPage, { spec, view: 'list' }), { path: '/usuarios?accessLevel=Admin&q=ana' });
    const first = calls[0].url.searchParams;
    expect(first.get('q')).toBe('ana');
    expect(first.getAll('accessLevel')).toEqual(['Admin']);
    expect(first.get('sort')).toBe('name');
    expect(text(view.container)).toContain('90 registros');
    await click(view.container.querySelector('[aria-label="Próxima página"]'));
    expect(view.navigations.at(-1)).toBe('/usuarios?page=2&q=ana&accessLevel=Admin');
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');
    // sorting a column: aria-sort follows, the page goes back to 1
    const emailHeader = byText(view.container, 'th', /E-mail/)!;
    expect(emailHeader.getAttribute('aria-sort')).toBe('none');
    await click(emailHeader.querySelector('button'));
    expect(view.navigations.at(-1)).toBe('/usuarios?sort=email&q=ana&accessLevel=Admin');
    expect(byText(view.container, 'th', /E-mail/)!.getAttribute('aria-sort')).toBe('ascending');
    await click(byText(view.container, 'th', /E-mail/)!.querySelector('button'));
    expect(view.navigations.at(-1)).toBe('/usuarios?sort=-email&q=ana&accessLevel=Admin');
    view.unmount();
  });

  it('opens a row on click, shows the empty state, and runs bulk actions on the selection', async () => {
    // Pessoa 1 is inactive: "Ativar" applies to it, so it is offered on a selection holding it.
    let answer = [{ ...rows(1)[0], isActive: false }, rows(1, 2)[0]];
    stubApi((call) => (call.method === 'POST' ? json({ done: ['u1'], failed: [{ id: 'u2', message: 'Não pode.' }] }) : pageResponse(answer)));
    const view = await mount(() => createElement(ListPage, { spec, view: 'list' }), { path: '/usuarios' });
    await click(view.container.querySelectorAll('tbody tr')[1].querySelector('td:nth-child(3)'));
    expect(view.navigations.at(-1)).toBe('/usuarios/u2');
    view.unmount();

    const again = await mount(() => createElement(ListPage, { spec, view: 'list' }), { path: '/usuarios' });
    await click(again.container.querySelector('thead input[type="checkbox"]'));
    expect(text(again.container)).toContain('2 selecionados');
    // The selection's bar loads once rows are selected.
    await click(await eventually(() => byText(again.container, 'button', 'Ativar')));
    const bulk = calls.find((c) => c.method === 'POST')!;
    expect(bulk.path).toBe('users/bulk/activate');
    expect(bulk.body).toEqual({ ids: ['u1', 'u2'] });
    expect(text(again.container)).toContain('1 selecionado'); // the failed one stays selected
    // Each record not processed is named, with the server's reason.
    expect(getNotices().find((notice) => notice.type === 'error')?.details).toEqual([`Pessoa 2: Não pode.`]);
    answer = [];
    await click(byText(again.container, 'button', 'Desativar'));
    // The confirmation dialog's code loads when it is first asked for.
    expect(await eventually(() => again.container.ownerDocument.querySelector('[role="dialog"]'))).not.toBeNull();
    again.unmount();

    const empty = await mount(() => createElement(ListPage, { spec, view: 'list' }), { path: '/usuarios?q=zzz' });
    expect(text(empty.container)).toContain('Nenhum registro corresponde à pesquisa ou aos filtros.');
    await click(byText(empty.container, 'button', 'Limpar pesquisa e filtros'));
    expect(empty.navigations.at(-1)).toBe('/usuarios');
    empty.unmount();
  });
});

describe('the declared actions a selection offers', () => {
  const accounts: RegistrySpec = { resource: 'bankAccounts', base: '/contas-financeiras', idParam: 'bankAccountId', title: 'Contas Financeiras' };
  const account = (id: string, values: Record<string, unknown>) => sampleRecord(bankAccounts, { id, name: `Conta ${id}`, ...values });
  const barButtons = (container: HTMLElement) => [...container.querySelectorAll('[role="region"] button[data-action]')].map((button) => button.textContent);
  const select = async (container: HTMLElement, name: string) => click(container.querySelector(`input[aria-label="Selecionar ${name}"]`));

  it('offers only what would change a selected record: no "Ativar" on active ones, no "Inativar" on inactive ones, no "Ativar" on an account whose bank data were never approved', async () => {
    stubApi(() => pageResponse([
      account('a1', { isActive: true, bankDataStatus: 'approved' }),
      account('a2', { isActive: false, bankDataStatus: 'approved' }),
      account('a3', { isActive: false, bankDataStatus: 'openingCancelled' }),
      account('a4', { isActive: false, bankDataStatus: 'awaitingApproval' }),
    ]));
    const view = await mount(() => createElement(ListPage, { spec: accounts, view: 'list' }), { path: '/contas-financeiras' });
    await select(view.container, 'Conta a1');
    expect(await eventually(() => (barButtons(view.container).length ? barButtons(view.container) : null))).toEqual(['Inativar', 'Excluir']);
    await select(view.container, 'Conta a2');
    expect(barButtons(view.container)).toEqual(['Ativar', 'Inativar', 'Excluir']);
    await select(view.container, 'Conta a1');
    expect(barButtons(view.container)).toEqual(['Ativar', 'Excluir']);
    // Inactive, but its abertura was cancelled, or still waits: there is nothing "Ativar" may do.
    await select(view.container, 'Conta a2');
    await select(view.container, 'Conta a3');
    await select(view.container, 'Conta a4');
    expect(barButtons(view.container)).toEqual(['Excluir']);
    expect(text(view.container)).not.toContain('Nenhuma ação se aplica');
    view.unmount();
  });

  it('says so when no action applies to the selection, rather than a bar with nothing to do', async () => {
    // Someone who may update accounts but not delete them, on two inactive accounts whose aberturas wait.
    signIn('User');
    setPermissions([{ resources: [{ name: 'bankAccounts', scopes: ['read', 'update'] }], acls: [] }]);
    stubApi(() => pageResponse([account('a5', { isActive: false, bankDataStatus: 'awaitingApproval' }), account('a6', { isActive: false, bankDataStatus: 'openingCancelled' })]));
    const view = await mount(() => createElement(ListPage, { spec: accounts, view: 'list' }), { path: '/contas-financeiras' });
    await select(view.container, 'Conta a5');
    await select(view.container, 'Conta a6');
    expect(await eventually(() => (text(view.container).includes('Nenhuma ação se aplica aos registros selecionados.') ? true : null))).toBe(true);
    expect(barButtons(view.container)).toEqual([]);
    view.unmount();
  });
});

describe('the list footer after a bulk change', () => {
  it('asks for the totals of the filtered rows again: the authorised parcelas leave the count and the sums', async () => {
    const parcelaSpec: RegistrySpec = { resource: 'payableInstallments', base: '/contas-a-pagar/parcelamentos', idParam: 'installmentId', title: 'Parcelas' };
    const parcelas = ['p1', 'p2'].map((id, i) => sampleRecord(payableInstallments, { id, description: `Parcela ${i + 1}`, amount: 10000, openBalance: 10000, status: 'queued', _actions: ['authorize'] }));
    let left = parcelas;
    stubApi((call) => {
      if (call.method === 'POST') return json({ done: ['p1', 'p2'], failed: [] });
      if (call.path.endsWith('/totals')) return json({ count: left.length, sums: { amount: 10000 * left.length, openBalance: 10000 * left.length }, groups: {} });
      return pageResponse(left);
    });
    const view = await mount(() => createElement(ListPage, { spec: parcelaSpec, view: 'list' }), { path: '/contas-a-pagar/parcelamentos' });
    await eventually(() => (text(view.container).includes('2 registros') ? true : undefined));
    const totalsAsked = () => calls.filter((c) => c.method === 'GET' && c.path.endsWith('/totals')).length;
    const before = totalsAsked();
    await click(view.container.querySelector('thead input[type="checkbox"]'));
    left = [parcelas[0]];
    await click(await eventually(() => byText(view.container, 'button', 'Autorizar pagamento')));
    await flush();
    expect(totalsAsked()).toBeGreaterThan(before);
    view.unmount();
  });
});

describe('DataTable', () => {
  it('virtualises thousands of rows', async () => {
    const many = rows(5000);
    // happy-dom has no layout: give the scroll container a size
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    const view = await mount(() => (
      <DataTable resource={users} columns={users.list!.columns} rows={many} caption="Usuários" hrefFor={(r) => `/usuarios/${r.id}`} onOpen={() => undefined} />
    ));
    // the virtualiser is a lazy chunk: wait for it to arrive
    await vi.waitFor(async () => {
      await flush();
      expect(view.container.querySelector('tbody tr[aria-hidden]')).not.toBeNull();
    }, { timeout: 5000 });
    const rendered = view.container.querySelectorAll('tbody tr:not([aria-hidden])');
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(100);
    expect(view.container.querySelector('table')!.getAttribute('aria-rowcount')).toBe('5001');
    view.unmount();
    height.mockRestore();
    width.mockRestore();
  });
});

describe('permissions', () => {
  it('does not fetch nor show a list the user may not read (organizations: SystemOwner only)', async () => {
    signIn('Admin');
    stubApi(() => pageResponse([]));
    const view = await mount(() => createElement(ListPage, { spec: { resource: 'organizations', base: '/configuracoes/organizacoes', idParam: 'organizationId', title: 'Organizações' }, view: 'list' }));
    expect(calls).toHaveLength(0);
    expect(text(view.container)).toContain('Você não tem permissão para acessar esta área.');
    view.unmount();
  });

  it('offers filters from the declaration, applied through the URL', async () => {
    stubApi(() => pageResponse(rows(1)));
    const view = await mount(() => createElement(ListPage, { spec, view: 'list' }), { path: '/usuarios' });
    const details = view.container.querySelector('details')!;
    await act(async () => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    await flush();
    const select = byText(view.container, 'label', 'Nível de acesso')!.parentElement!.querySelector('select')!;
    await act(async () => {
      select.value = 'Admin';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await flush();
    expect(view.navigations.at(-1)).toBe('/usuarios?accessLevel=Admin');
    expect(calls.at(-1)!.url.searchParams.get('accessLevel')).toBe('Admin');

    // Dates are typed and shown dd/mm/aaaa whatever the browser's language; the URL holds ISO.
    const from = byText(view.container, 'label', /— de$/)!.parentElement!.querySelector('input')!;
    expect(from.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    await type(from, '01022025');
    expect(from.value).toBe('01/02/2025');
    await act(async () => {
      from.dispatchEvent(new FocusEvent('blur'));
      from.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    await flush();
    expect(view.navigations.at(-1)).toBe('/usuarios?accessLevel=Admin&createdAt.from=2025-02-01');
    expect(from.value).toBe('01/02/2025');
    view.unmount();
  });
});
