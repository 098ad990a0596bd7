/**
 * Every resource declaration, by name. The client resolves reference targets here; the server
 * generates routes and tables from this list; the contract test loops over it.
 */
import type { AnyResource } from '../resource';
import { applicationAcls } from './applicationAcls';
import { applicationPolicies } from './applicationPolicies';
import { applicationResources } from './applicationResources';
import { applications } from './applications';
import { organizations } from './organizations';
import { settings } from './settings';
import { userGroups } from './userGroups';
import { users } from './users';
import { persons } from './persons';
import { customers } from './customers';
import { suppliers } from './suppliers';
import { companyTypes } from './companyTypes';
import { companies } from './companies';
import { banks } from './banks';
import { bankAccounts } from './bankAccounts';
import { bankAccountAgreements } from './bankAccountAgreements';
import { bankAccountChanges } from './bankAccountChanges';
import { costCenters } from './costCenters';
import { chartAccounts } from './chartAccounts';
import { ledgerAccounts } from './ledgerAccounts';
import { accountingGroups } from './accountingGroups';
import { expenseCategories } from './expenseCategories';
import { revenueCategories } from './revenueCategories';
import { departments } from './departments';
import { companyBills } from './companyBills';
import { categories } from './categories';
import { products } from './products';
import { importBatches } from './importBatches';
import { orders } from './orders';
import { approvalQueues } from './approvalQueues';
import { approvalDelegations } from './approvalDelegations';
import { payables, receivables } from './payables';
import { payableInstallments, receivableInstallments } from './installments';
import { quotes } from './quotes';
import { quoteRequests } from './quoteRequests';
import { purchaseOrders } from './purchaseOrders';
import { receipts } from './receipts';
import { invoices } from './invoices';
import { purchasingSettings } from './purchasingSettings';
import { remittances } from './remittances';
import { accountBalances } from './accountBalances';
import { accountTokens } from './accountTokens';
import { analyticInstallments } from './analyticInstallments';
import { bankStatementLines } from './bankStatementLines';
import { reconciliationRules } from './reconciliationRules';

export { applicationAcls, applicationPolicies, applicationResources, applications, organizations, settings, userGroups, users };
export { persons, customers, suppliers, companyTypes, companies, banks, bankAccounts, bankAccountAgreements, bankAccountChanges, costCenters, chartAccounts, ledgerAccounts, accountingGroups, expenseCategories, revenueCategories, departments, companyBills, categories, products, importBatches, orders, approvalQueues, approvalDelegations, payables, receivables, payableInstallments, receivableInstallments, quotes, quoteRequests, purchaseOrders, receipts, invoices, purchasingSettings, remittances };
export { accountBalances };
export { accountTokens };
export { analyticInstallments };
export { bankStatementLines, reconciliationRules };
export { CURRENT_APPLICATION } from './applications';

export const resources = {
  organizations,
  applications,
  applicationResources,
  applicationAcls,
  applicationPolicies,
  users,
  userGroups,
  settings,
  persons,
  customers,
  suppliers,
  companyTypes,
  companies,
  banks,
  bankAccounts,
  bankAccountAgreements,
  bankAccountChanges,
  bankStatementLines,
  reconciliationRules,
  costCenters,
  chartAccounts,
  ledgerAccounts,
  accountingGroups,
  expenseCategories,
  revenueCategories,
  departments,
  companyBills,
  categories,
  products,
  importBatches,
  orders,
  approvalQueues,
  approvalDelegations,
  payables,
  receivables,
  payableInstallments,
  receivableInstallments,
  quotes,
  quoteRequests,
  purchaseOrders,
  receipts,
  invoices,
  purchasingSettings,
  remittances,
  accountBalances,
  accountTokens,
  analyticInstallments,
} as const satisfies Record<string, AnyResource>;

export type ResourceName = keyof typeof resources;

export const resourceList: readonly AnyResource[] = Object.values(resources);

/** The declaration named `name`, or undefined. */
export function findResource(name: string): AnyResource | undefined {
  return Object.prototype.hasOwnProperty.call(resources, name) ? (resources as Record<string, AnyResource>)[name] : undefined;
}
