import { describe, expect, it } from 'vitest';
import type { NavItem } from '../../../src/core/config';
import { routes } from '../../../src/modules/portal/routes';
import {
  breadcrumbsFor,
  currentPath,
  documentTitleFor,
  groupsHolding,
  isCurrent,
  isGroupOpen,
  isMenuSearchKey,
  moduleEntries,
  NAV_GROUPS_KEY,
  readGroupChoices,
  searchModules,
  writeGroupChoice,
} from '../../../src/modules/portal/navState';

const tree: NavItem[] = [
  { type: 'group', key: 'procurement', title: 'Compras', collapsible: true, divided: false, children: [{ type: 'module', name: 'orders', title: 'Pedidos', resource: 'orders', path: '/pedidos' }] },
  {
    type: 'group', key: 'admin', title: 'Administração', collapsible: true, divided: true,
    children: [{ type: 'group', key: 'people', title: 'Pessoas', collapsible: true, divided: false, children: [{ type: 'module', name: 'users', title: 'Usuários', resource: 'users', path: '/usuarios' }] }],
  },
];

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

describe('sidebar groups', () => {
  it('a path is current at or below the module, and / only at /', () => {
    expect(isCurrent('/pedidos', '/pedidos/12')).toBe(true);
    expect(isCurrent('/pedidos', '/pedidos-antigos')).toBe(false);
    expect(isCurrent('/', '/pedidos')).toBe(false);
    expect(isCurrent('/', '/')).toBe(true);
  });

  it('finds the groups holding the current page, nested ones included', () => {
    expect([...groupsHolding(tree, '/usuarios')].sort()).toEqual(['admin', 'people']);
    expect([...groupsHolding(tree, '/pedidos')]).toEqual(['procurement']);
    expect(groupsHolding(tree, '')).toEqual(new Set());
  });

  it('a page belongs to the module with the longest path above it: the hub at /configuracoes holds only itself', () => {
    const settings: NavItem[] = [
      { type: 'group', key: 'admin', title: 'Administração', collapsible: true, divided: true, children: [{ type: 'module', name: 'settingsHub', title: 'Todas as configurações', resource: 'settings', path: '/configuracoes' }] },
      { type: 'group', key: 'finance', title: 'Configurações financeiras', collapsible: true, divided: false, children: [{ type: 'module', name: 'banks', title: 'Bancos', resource: 'banks', path: '/configuracoes/bancos' }] },
    ];
    const paths = moduleEntries({ groups: settings.filter((item) => item.type === 'group'), ungrouped: [] }).map((entry) => entry.path);
    expect(currentPath(paths, '/configuracoes/bancos/3')).toBe('/configuracoes/bancos');
    expect([...groupsHolding(settings, currentPath(paths, '/configuracoes/bancos/3'))]).toEqual(['finance']);
    expect(currentPath(paths, '/configuracoes')).toBe('/configuracoes');
    expect([...groupsHolding(settings, currentPath(paths, '/configuracoes/importacoes-em-lote'))]).toEqual(['admin']);
    expect(currentPath(paths, '/pedidos')).toBe('');
  });

  it('closed by default, open when holding the current page, and the user choice wins', () => {
    const holding = groupsHolding(tree, '/pedidos');
    expect(isGroupOpen('procurement', {}, holding)).toBe(true);
    expect(isGroupOpen('admin', {}, holding)).toBe(false);
    expect(isGroupOpen('procurement', { procurement: false }, holding)).toBe(false);
    expect(isGroupOpen('admin', { admin: true }, holding)).toBe(true);
  });

  it('remembers choices under a bo. key and survives bad stored data', () => {
    const storage = memoryStorage();
    expect(writeGroupChoice('admin', true, storage)).toEqual({ admin: true });
    expect(writeGroupChoice('procurement', false, storage)).toEqual({ admin: true, procurement: false });
    expect(JSON.parse(storage.data.get(NAV_GROUPS_KEY)!)).toEqual({ admin: true, procurement: false });
    expect(NAV_GROUPS_KEY.startsWith('bo.')).toBe(true);
    expect(readGroupChoices(memoryStorage({ [NAV_GROUPS_KEY]: '{not json' }))).toEqual({});
    expect(readGroupChoices(memoryStorage({ [NAV_GROUPS_KEY]: '[true]' }))).toEqual({});
    expect(readGroupChoices(memoryStorage({ [NAV_GROUPS_KEY]: '{"a":true,"b":"x"}' }))).toEqual({ a: true });
  });
});

describe('breadcrumbs', () => {
  const trail = (path: string) => breadcrumbsFor(routes, path).map((crumb) => `${crumb.label} ${crumb.href}`);

  it('none on the home page; Início › module on a list', () => {
    expect(trail('/')).toEqual([]);
    expect(trail('/fornecedores')).toEqual(['Início /', 'Fornecedores /fornecedores']);
    expect(trail('/pedidos/lista')).toEqual(['Início /', 'Pedidos /pedidos']);
  });

  it('a record says its singular label and id; its sub-pages say their word', () => {
    expect(trail('/pedidos/12')).toEqual(['Início /', 'Pedidos /pedidos', 'Pedido 12 /pedidos/12']);
    expect(trail('/pedidos/12/editar')).toEqual(['Início /', 'Pedidos /pedidos', 'Pedido 12 /pedidos/12', 'Editar /pedidos/12/editar']);
    expect(trail('/pedidos/12/solicitacao').at(-1)).toBe('Solicitação /pedidos/12/solicitacao');
    expect(trail('/pedidos/adicionar').at(-1)).toBe('Adicionar /pedidos/adicionar');
    expect(trail('/produtos/7/midias').at(-1)).toBe('Mídias /produtos/7/midias');
  });

  it('a record whose show page announced its name is called by it', () => {
    const named = { '/fornecedores/abc-123': 'Comercial Horizonte Ltda' };
    expect(breadcrumbsFor(routes, '/fornecedores/abc-123', named).map((crumb) => crumb.label)).toEqual(['Início', 'Fornecedores', 'Comercial Horizonte Ltda']);
    expect(breadcrumbsFor(routes, '/fornecedores/abc-123/editar', named).map((crumb) => crumb.label)).toEqual(['Início', 'Fornecedores', 'Comercial Horizonte Ltda', 'Editar']);
    expect(breadcrumbsFor(routes, '/fornecedores/other', named).at(-1)?.label).toBe('Fornecedor other');
  });

  it('every record on the way keeps its announced name (a product above its media page, then another product)', () => {
    const named = { '/produtos/7': 'Resma de papel A4', '/produtos/8': 'Caneta azul' };
    expect(breadcrumbsFor(routes, '/produtos/7/midias', named).map((crumb) => crumb.label)).toEqual(['Início', 'Produtos', 'Resma de papel A4', 'Mídias']);
    expect(breadcrumbsFor(routes, '/produtos/8', named).at(-1)?.label).toBe('Caneta azul');
  });

  it('a sub-page with a title of its own says it; a prefix without a page is skipped', () => {
    expect(trail('/minha-conta/alterar-senha')).toEqual(['Início /', 'Minha conta /minha-conta', 'Alterar senha /minha-conta/alterar-senha']);
    expect(trail('/configuracoes/bancos')).toEqual(['Início /', 'Configurações /configuracoes', 'Bancos /configuracoes/bancos']);
    expect(trail('/bi/dashboards')).toEqual(['Início /', 'Painéis /bi/dashboards']);
  });

  it('the finance queues say the word of their tabs ("Parcelas", not the path\'s "parcelamentos")', () => {
    expect(trail('/fila-de-pagamentos/parcelamentos/fila')).toEqual(['Início /', 'Fila de Pagamentos /fila-de-pagamentos', 'Parcelas /fila-de-pagamentos/parcelamentos', 'Fila /fila-de-pagamentos/parcelamentos/fila']);
  });

  it('no breadcrumbs outside the portal layout or for unknown paths', () => {
    expect(trail('/login')).toEqual([]);
    expect(trail('/nada/aqui')).toEqual([]);
  });
});

describe('document title', () => {
  it('page · Retaguarda, or the brand alone', () => {
    expect(documentTitleFor('Fornecedores')).toBe('Fornecedores · Retaguarda');
    expect(documentTitleFor(undefined)).toBe('Retaguarda');
  });
});

describe('menu search', () => {
  const tree = {
    groups: [
      { type: 'group' as const, key: 'registries', title: 'Cadastros', collapsible: true, divided: false, children: [
        { type: 'module' as const, name: 'suppliers', title: 'Fornecedores', resource: 'suppliers', path: '/fornecedores' },
        { type: 'module' as const, name: 'persons', title: 'Pessoas', resource: 'persons', path: '/pessoas' },
      ] },
      { type: 'group' as const, key: 'finance', title: 'Financeiro', collapsible: true, divided: false, children: [
        { type: 'module' as const, name: 'payables', title: 'Contas a Pagar', resource: 'payables', path: '/contas-a-pagar' },
        { type: 'module' as const, name: 'remittances', title: 'Remessas de pagamento', resource: 'remittances', path: '/remessas' },
      ] },
    ],
    ungrouped: [{ type: 'module' as const, name: 'orgs', title: 'Organizações', resource: 'organizations', path: '/organizacoes' }],
  };
  const entries = moduleEntries(tree);
  const titles = (query: string) => searchModules(entries, query).map((entry) => entry.title);

  it('lists every module in the sidebar order with the titles of its groups', () => {
    expect(entries.map((entry) => [entry.title, entry.groups])).toEqual([
      ['Fornecedores', ['Cadastros']], ['Pessoas', ['Cadastros']], ['Contas a Pagar', ['Financeiro']],
      ['Remessas de pagamento', ['Financeiro']], ['Organizações', []],
    ]);
  });

  it('matches ignoring case and accents, titles starting with the text first, then a group’s modules', () => {
    expect(titles('organizacoes')).toEqual(['Organizações']);
    expect(titles('PAGA')).toEqual(['Contas a Pagar', 'Remessas de pagamento']);
    expect(titles('pag')).toEqual(['Contas a Pagar', 'Remessas de pagamento']);
    expect(titles('rem pag')).toEqual(['Remessas de pagamento']);
    expect(titles('cadastros')).toEqual(['Fornecedores', 'Pessoas']);
    expect(titles('xyz')).toEqual([]);
    expect(titles('  ')).toHaveLength(5);
  });

  it('opens on Ctrl+K anywhere and on "/" outside fields', () => {
    const key = (init: Partial<KeyboardEvent>) => ({ key: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init });
    const input = document.createElement('input');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', '');
    const button = document.createElement('button');
    expect(isMenuSearchKey(key({ key: 'k', ctrlKey: true }), input)).toBe(true);
    expect(isMenuSearchKey(key({ key: 'K', metaKey: true }), button)).toBe(true);
    expect(isMenuSearchKey(key({ key: '/' }), button)).toBe(true);
    expect(isMenuSearchKey(key({ key: '/' }), input)).toBe(false);
    expect(isMenuSearchKey(key({ key: '/' }), document.createElement('textarea'))).toBe(false);
    expect(isMenuSearchKey(key({ key: '/' }), editable)).toBe(false);
    expect(isMenuSearchKey(key({ key: 'k' }), button)).toBe(false);
  });
});
