/** Minha conta's pages (spec §2), as data. */
import type { RouteData } from '../../core/routeMatch';

const account = (sub: string, view: string, title: string): RouteData => ({ path: `/minha-conta${sub}`, layout: 'portal', view, title });

export const accountRouteData: RouteData[] = [
  account('', 'overview', 'Minha conta'),
  account('/editar', 'edit', 'Editar perfil'),
  account('/alterar-senha', 'password', 'Alterar senha'),
  account('/politicas', 'policies', 'Minhas políticas'),
  account('/verificacao-em-duas-etapas', 'twoFactor', 'Verificação em duas etapas'),
];
