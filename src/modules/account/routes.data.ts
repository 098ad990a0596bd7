/** Minha conta's pages (spec §2), as data. */
import type { RouteData } from '../../core/routeMatch';

const account = (sub: string, view: string, title: string, extra: Partial<RouteData> = {}): RouteData => ({ path: `/minha-conta${sub}`, layout: 'portal', view, title, ...extra });
/** Pages whose texts are all the account's and the sign-in's own: they load without the record screens' texts. */
const noRecords = { recordTexts: false } as const;

export const accountRouteData: RouteData[] = [
  account('', 'overview', 'Minha conta', noRecords),
  account('/editar', 'edit', 'Editar perfil', noRecords),
  account('/alterar-senha', 'password', 'Alterar senha', noRecords),
  // The permission matrix names each scope with the registry's texts.
  account('/politicas', 'policies', 'Minhas políticas'),
  account('/verificacao-em-duas-etapas', 'twoFactor', 'Verificação em duas etapas', noRecords),
];
