/**
 * The settings hub (/configuracoes): its declaration resolved per user — only what the user may
 * open (the screen's own read check, the mount's permission, SystemOwner-only resources), titles
 * from the navigation's words, the route table or the catalogue — and the page with its empty state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import appConfig from '../../../app.config.json';
import { DEMO_GROUPS } from '../../../server/db/seed';
import type { EffectivePermission } from '../../../src/contracts/identity';
import { setPermissions } from '../../../src/core/session';
import { portalRouteData } from '../../../src/modules/portal/routes.data';
import { SETTINGS_HUB } from '../../../src/modules/settings/hub.data';
import { hubCards } from '../../../src/modules/settings/hubCards';
import SettingsHubPage from '../../../src/modules/settings/SettingsHubPage';
import { mount, signIn, type Mounted } from '../registry/harness';

const modules = appConfig.composables.useModuleNavigation.modules;
const user = (accessLevel: 'SystemOwner' | 'Admin' | 'User') => ({ accessLevel });
/** A demo profile's policy as the server answers it (effective permissions). */
const profile = (name: keyof typeof DEMO_GROUPS): EffectivePermission[] => [
  { resources: Object.entries(DEMO_GROUPS[name]).map(([resource, scopes]) => ({ name: resource, scopes: [...scopes] })), acls: [] },
];
const keysByGroup = (groups: ReturnType<typeof hubCards>) => Object.fromEntries(groups.map((group) => [group.key, group.cards.map((card) => card.key)]));

describe('settings hub cards', () => {
  it('a SystemOwner sees every entry of every group, each a link to a real screen with its title and one line', () => {
    const groups = hubCards(SETTINGS_HUB, { user: user('SystemOwner'), permissions: [] }, portalRouteData, modules);
    expect(groups.map((group) => group.title)).toEqual(['Organização', 'Pessoas e acesso', 'Compras', 'Financeiro', 'Dados']);
    expect(groups.flatMap((group) => group.cards)).toHaveLength(SETTINGS_HUB.flatMap((group) => group.entries).length);
    for (const card of groups.flatMap((group) => group.cards)) {
      expect(card.href).toMatch(/^\//);
      expect(card.title.length).toBeGreaterThan(0);
      expect(card.description).not.toMatch(/^settings\.hub\./);
    }
    const titles = groups.flatMap((group) => group.cards.map((card) => card.title));
    expect(new Set(titles).size).toBe(titles.length);
    const card = (key: string) => groups.flatMap((group) => group.cards).find((each) => each.key === key);
    // The menu's words for a path win (two "Departamentos" otherwise), then the route's, then the catalogue's.
    expect(card('categories')).toMatchObject({ title: 'Departamentos do catálogo', href: '/departamentos' });
    expect(card('departments')).toMatchObject({ title: 'Departamentos', href: '/configuracoes/departamentos' });
    expect(card('purchasingSettings')).toMatchObject({ title: 'Configurações de compras', href: '/configuracoes/compras' });
    expect(card('companies')).toMatchObject({ title: 'Empresas', href: '/empresas' });
    expect(card('applicationAcls')).toMatchObject({ title: 'Grupos de Agências', href: '/configuracoes/aplicacao/acls' });
  });

  it('an Administrador (Admin, not SystemOwner) sees all but the organisations, the current application through its own permission', () => {
    const groups = keysByGroup(hubCards(SETTINGS_HUB, { user: user('Admin'), permissions: profile('Administrador') }, portalRouteData, modules));
    expect(groups.organization).toEqual(['companies', 'settings', 'application', 'applications', 'companyTypes']);
    expect(groups.data).toEqual(['importBatches']);
    // Without `application` the current application's page is not offered, even with `applications`.
    const withoutCurrent = profile('Administrador').map((policy) => ({ ...policy, resources: policy.resources.filter((entry) => entry.name !== 'application') }));
    expect(keysByGroup(hubCards(SETTINGS_HUB, { user: user('Admin'), permissions: withoutCurrent }, portalRouteData, modules)).organization).not.toContain('application');
  });

  it('a Solicitante sees only the registries they may read; a Financeiro only the finance group', () => {
    expect(keysByGroup(hubCards(SETTINGS_HUB, { user: user('User'), permissions: profile('Solicitante') }, portalRouteData, modules))).toEqual({
      purchasing: ['categories'],
      finance: ['costCenters', 'departments'],
    });
    const finance = keysByGroup(hubCards(SETTINGS_HUB, { user: user('User'), permissions: profile('Financeiro') }, portalRouteData, modules));
    expect(Object.keys(finance)).toEqual(['organization', 'access', 'finance']);
    expect(finance.organization).toEqual(['companies', 'companyTypes']);
    expect(finance.access).toEqual(['users']);
    expect(finance.finance).toEqual(['banks', 'bankAccounts', 'chartAccounts', 'expenseCategories', 'revenueCategories', 'costCenters', 'departments', 'ledgerAccounts', 'accountingGroups', 'companyBills']);
  });

  it('nothing for a user without permissions or without a session', () => {
    expect(hubCards(SETTINGS_HUB, { user: user('User'), permissions: [] }, portalRouteData, modules)).toEqual([]);
    expect(hubCards(SETTINGS_HUB, { user: null, permissions: null }, portalRouteData, modules)).toEqual([]);
  });
});

describe('SettingsHubPage', () => {
  let mounted: Mounted | null = null;
  afterEach(() => {
    mounted?.unmount();
    mounted = null;
  });

  it('shows the groups as headings and the cards as links; the empty state when nothing may be opened', async () => {
    signIn('User');
    setPermissions(profile('Solicitante'));
    mounted = await mount(() => <SettingsHubPage />, { path: '/configuracoes' });
    const root = mounted.container;
    expect([...root.querySelectorAll('h2')].map((heading) => heading.textContent)).toEqual(['Compras', 'Financeiro']);
    expect([...root.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['/departamentos', '/configuracoes/centros-de-custos', '/configuracoes/departamentos']);
    mounted.unmount();

    signIn('User');
    setPermissions([{ resources: [{ name: 'orders', scopes: ['create'] }], acls: [] }]);
    mounted = await mount(() => <SettingsHubPage />, { path: '/configuracoes' });
    expect(mounted.container.querySelectorAll('a')).toHaveLength(0);
    expect(mounted.container.textContent).toContain('Não há configurações que você possa abrir.');
  });
});
