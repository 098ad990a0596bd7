import { useMemo } from 'react';
import type { AnyResource } from '../../contracts/resource';
import { useDeclaration } from '../../core/catalogue/load';
import { buildPath } from '../../core/router';
import { useAccess, type Access } from '../../core/resources/access';
import type { PathParams, RegistryRoutes } from '../../core/resources/paths';
import type { RegistryPageProps } from './spec';
import { useParentTitle } from './useParentTitle';

export interface Registry {
  resource: AnyResource;
  routes: RegistryRoutes;
  access: Access;
  /** The record id of a show/edit route (or the mount's fixed id). */
  id: string | undefined;
  /** Parent's show page of a nested list (`/configuracoes/aplicacoes/7`), if any. */
  parentHref: string | null;
}

/** Resolves a screen's declaration, filled route base, API path parameters and permissions. */
export function useRegistry(props: RegistryPageProps): Registry {
  const { spec } = props;
  // Loaded by the route's loader with the screen's code (resourceRoutes.ts): at once here.
  const resource = useDeclaration(spec.resource);
  const routeParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(props)) if (typeof value === 'string') routeParams[key] = value;
  const params: PathParams = useMemo(() => ({ ...routeParams, ...spec.params }), [JSON.stringify(routeParams), spec.params]);
  const base = buildPath(spec.base, params as Record<string, string>);
  const access = useAccess(resource, spec.permission);
  const id = spec.single?.fixedId ?? (spec.idParam ? routeParams[spec.idParam] : undefined);
  const parentHref = resource.parent ? base.replace(/\/[^/]+$/, '') : null;
  useParentTitle(resource, params, parentHref);
  return { resource, routes: useMemo(() => ({ base, params }), [base, params]), access, id, parentHref };
}
