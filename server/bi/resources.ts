/**
 * Storage of the finance-reporting family's registries (`/api/finance-reporting`): saldos de conta
 * (migration 0030: unique per account and date, the declaration's `unique`; the account is a
 * reference of the tenant, checked by the registry like every reference), tokens de conta
 * (tokens.ts) and the analítico (analytic.ts).
 */
import { accountBalances } from '../../src/contracts/resources/index.js';
import { declaredStorage } from '../registry/declared.js';
import type { Storages } from '../registry/storage.js';
import { analyticStorage } from './analytic.js';
import { accountTokensStorage } from './tokens.js';

export const biStorages: Storages = {
  accountBalances: declaredStorage(accountBalances, 'account_balances'),
  accountTokens: accountTokensStorage,
  analyticInstallments: analyticStorage,
};
