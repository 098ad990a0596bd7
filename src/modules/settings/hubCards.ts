/**
 * The settings hub's declaration (hub.data.ts) resolved for one user: each entry's link (its
 * mount's path), its title — the navigation's own words for that path (app.config.json's module
 * title), else the route's title, else the resource's plural label — its description, and whether
 * the user may open it: the check the screen itself makes (`accessFor(…)('read')`, with the
 * mount's permission: `/configuracoes/aplicacao` reads `application`). Groups left empty are left out.
 */
import { CATALOGUE } from '../../core/catalogue';
import type { ModuleConfig } from '../../core/config';
import { t } from '../../core/i18n';
import type { PermissionSubject } from '../../core/permissions';
import { accessFor } from '../../core/resources/access';
import { matchRoute, type RouteData } from '../../core/routeMatch';
import type { LinkCardGroup } from '../../core/ui/LinkCards';
import type { HubGroupDeclaration } from './hub.data';

export function hubCards(
  declaration: readonly HubGroupDeclaration[],
  subject: PermissionSubject,
  routes: readonly RouteData[],
  modules: readonly Pick<ModuleConfig, 'path' | 'title'>[] = [],
): LinkCardGroup[] {
  return declaration
    .map((group) => ({
      key: group.key,
      title: t(`settings.hub.group.${group.key}`),
      cards: group.entries.flatMap((entry) => {
        const resource = CATALOGUE[entry.resource];
        const href = entry.path ?? resource.route.base;
        const route = matchRoute(routes, href)?.route;
        if (!route || route.view === 'placeholder') return [];
        // A registry mount may read another permission than its declaration's (registry/spec.ts).
        const permission = (route.registry?.mount as { permission?: string } | undefined)?.permission;
        if (!accessFor(subject, resource, permission)('read')) return [];
        const key = entry.key ?? entry.resource;
        const title = modules.find((module) => module.path === href)?.title || route.title || resource.labels.many;
        return [{ key, href, title, description: t(`settings.hub.${key}`) }];
      }),
    }))
    .filter((group) => group.cards.length > 0);
}
