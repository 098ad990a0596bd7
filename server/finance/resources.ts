/**
 * Storage of the finance family's registries (`/api/finance`) for the registry plugin. Tables
 * of migration 0003; money in `bigint` centavos, dates as `date`; uniqueness, views and tree
 * guards come from the declarations (registry/declared.ts).
 * - banks: seeded per organisation from the official COMPE/ISPB list (db/seed-registries.ts);
 *   editable and extendable; a bank in use by an account cannot be deleted (409).
 * - bankAccounts: bank data required unless the account is a cash box (registry/rules.ts);
 *   agreements (convênios) and changes of their bank data (bankAccountChanges.ts) nested under them.
 * - costCenters, chartAccounts, expenseCategories, revenueCategories: trees — a parent of the
 *   same tenant, never the node itself nor one of its descendants, no deletion of a node with
 *   children.
 * - companyBills: a declared workflow (open → closed, open|closed → cancelled; paid and cancelled
 *   read-only); nothing is hard-deleted (DELETE is a 409: cancel instead).
 * - importBatches: see finance/imports (the upload creates them).
 */
import { sql } from 'kysely';
import {
  accountingGroups,
  bankAccountAgreements,
  bankAccounts,
  banks,
  chartAccounts,
  companyBills,
  costCenters,
  departments,
  expenseCategories,
  ledgerAccounts,
  revenueCategories,
} from '../../src/contracts/resources/index.js';
import { HttpError, MESSAGES } from '../errors.js';
import { ACCOUNT_NATURE_LABELS } from '../../src/contracts/resources/chartAccounts.js';
import type { Call, Trx } from '../registry/storage.js';
import { declaredStorage, parentIn } from '../registry/declared.js';
import { bankAccountRule, billDatesRule } from '../registry/rules.js';
import type { Storages } from '../registry/storage.js';
import { importBatchesStorage } from './imports/storage.js';
import { bankAccountOpening } from './bankAccountOpening.js';
import { bankAccountChangesStorage } from './bankAccountChanges.js';
import { balanceColumns } from './balances.js';
import { entryStorages } from './entries.js';
import { remittancesStorage } from './remittances/storage.js';
import { statementLinesStorage } from './statementLines.js';
import { reconciliationRulesStorage } from './reconciliationRules.js';

const conflict = (message: string) => new HttpError(409, message);

export const CHART_MESSAGES = {
  analyticParent: 'Uma conta analítica não tem contas abaixo dela: escolha uma conta sintética.',
  nature: (nature: string) => `A natureza deve ser a da conta acima dela (${nature}).`,
  hasChildren: 'Esta conta tem contas abaixo dela: é sintética e não recebe lançamentos.',
} as const;

/**
 * The chart's shape: an account sits under a synthetic account of its own nature, and an account
 * with accounts under it stays synthetic. The parent is read FOR SHARE, so turning it analytic
 * (which locks its row) and adding a child under it run one after the other.
 */
async function chartRule(trx: Trx, call: Call, values: Record<string, unknown>, id?: string): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (typeof values.parentId === 'string' && values.parentId) {
    const parent = (await sql<{ nature: string; accepts_entries: boolean }>`SELECT nature, accepts_entries FROM chart_accounts
      WHERE org_id = ${call.orgId} AND id = ${values.parentId} FOR SHARE`.execute(trx)).rows[0];
    if (parent?.accepts_entries) errors.parentId = [CHART_MESSAGES.analyticParent];
    else if (parent && parent.nature !== values.nature) errors.nature = [CHART_MESSAGES.nature(ACCOUNT_NATURE_LABELS[parent.nature as keyof typeof ACCOUNT_NATURE_LABELS] ?? parent.nature)];
  }
  if (id && values.acceptsEntries === true) {
    const child = await sql`SELECT 1 FROM chart_accounts WHERE org_id = ${call.orgId} AND parent_id = ${id} LIMIT 1`.execute(trx);
    if (child.rows.length) errors.acceptsEntries = [CHART_MESSAGES.hasChildren];
  }
  if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
}

export const BILL_MESSAGES = {
  noDelete: 'Faturas não são excluídas. Use "Cancelar fatura" para anulá-la.',
} as const;

// Closing, cancelling and the read-only states are the declaration's workflow (companyBills.ts).
const companyBillsStorage = declaredStorage(companyBills, 'company_bills', {
  validate: (values) => billDatesRule(values),
  async beforeDelete() {
    throw conflict(BILL_MESSAGES.noDelete);
  },
});

const bankAccountsStorage = declaredStorage(bankAccounts, 'bank_accounts', {
  validate: (values) => bankAccountRule(values),
  // A new account's bank data wait for their approval, as a change of them does (bankAccountOpening.ts).
  ...bankAccountOpening,
  // Saldo atual and projetado (balances.ts): the same SQL the account's balance endpoint reads.
  computed: { ...balanceColumns, ...bankAccountOpening.computed },
});

const agreementsStorage = declaredStorage(bankAccountAgreements, 'bank_account_agreements', {
  parent: parentIn('bank_accounts', 'bank_account_id'),
});

export const financeStorages: Storages = {
  banks: declaredStorage(banks, 'banks'),
  bankAccounts: bankAccountsStorage,
  bankAccountAgreements: agreementsStorage,
  bankAccountChanges: bankAccountChangesStorage,
  bankStatementLines: statementLinesStorage,
  reconciliationRules: reconciliationRulesStorage,
  costCenters: declaredStorage(costCenters, 'cost_centers'),
  chartAccounts: declaredStorage(chartAccounts, 'chart_accounts', {
    beforeCreate: (trx, call, values) => chartRule(trx, call, values),
    beforeUpdate: async (trx, call, values, before, action) => void (action === 'update' && (await chartRule(trx, call, values, before.id))),
  }),
  ledgerAccounts: declaredStorage(ledgerAccounts, 'ledger_accounts'),
  accountingGroups: declaredStorage(accountingGroups, 'accounting_groups'),
  expenseCategories: declaredStorage(expenseCategories, 'expense_categories'),
  revenueCategories: declaredStorage(revenueCategories, 'revenue_categories'),
  departments: declaredStorage(departments, 'departments'),
  companyBills: companyBillsStorage,
  importBatches: importBatchesStorage,
  ...entryStorages,
  remittances: remittancesStorage,
};
