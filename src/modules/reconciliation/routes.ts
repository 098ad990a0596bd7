/**
 * What `<bo-conciliacao>` serves: Contas Financeiras and an account's pages (Saldo, Conciliação,
 * convênios), bound exactly as the portal binds them (registry/routes.ts) — the same routes, not a copy.
 */
import { registryRoutes } from '../registry/routes';

export const accountRoutes = registryRoutes.filter((route) => route.path === '/contas-financeiras' || route.path.startsWith('/contas-financeiras/'));

/** The element's starting page: the account's conciliação, or the list of accounts without one. */
export const reconciliationHome = (account?: string | null) => (account ? `/contas-financeiras/${encodeURIComponent(account)}/conciliacao-de-conta` : '/contas-financeiras');
