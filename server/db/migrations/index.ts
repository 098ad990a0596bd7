/**
 * Every migration of the database, in order. To add one: create `NNNN_name.ts` next to this
 * file exporting `{ up, down }` (see 0001_identity.ts, `runStatements` helps with plain SQL)
 * and register it below. Names sort lexicographically; never rename or edit an applied one.
 */
import type { Migration, MigrationProvider } from 'kysely/migration';
import identity from './0001_identity.js';
import registry from './0002_registry.js';
import registries from './0003_registries.js';
import searchIndexes from './0004_search_indexes.js';
import files from './0005_files.js';
import sortKeys from './0006_sort_keys.js';
import foldedSearch from './0007_folded_search.js';
import tenantPolicyInitplan from './0008_tenant_policy_initplan.js';
import refreshGrace from './0009_refresh_grace.js';
import workflowSpine from './0010_workflow_spine.js';
import ordersApprovals from './0011_orders_approvals.js';
import recoveryCodes from './0012_recovery_codes.js';
import auditEntityIndex from './0013_audit_entity_index.js';
import financeEntries from './0014_finance_entries.js';
import paymentApproval from './0015_payment_approval.js';
import rateLimits from './0016_rate_limits.js';
import listPreferences from './0017_list_preferences.js';
import recurringEntries from './0018_recurring_entries.js';
import permissionEpochs from './0019_permission_epochs.js';
import dropImportLease from './0020_drop_import_lease.js';
import requestFixedCost from './0021_request_fixed_cost.js';
import approvalRules from './0022_approval_rules.js';
import buyingCycle from './0023_buying_cycle.js';
import bankFiles from './0024_bank_files.js';
import sessionIdleTimeout from './0025_session_idle_timeout.js';
import onboardingSkips from './0026_onboarding_skips.js';
import supplierLinks from './0029_supplier_links.js';
import biReports from './0030_bi_reports.js';
import bankStatements from './0031_bank_statements.js';
import accountTokens from './0033_account_tokens.js';
import receiptData from './0034_receipt_data.js';
import biReportsMore from './0036_bi_reports_more.js';
import statementLinesAndRules from './0037_statement_lines_and_rules.js';
import profileMatrixPolicy from './0038_profile_matrix_policy.js';
import serviceConfirmations from './0039_service_confirmations.js';
import statementMatchGroups from './0040_statement_match_groups.js';
import remittanceJobs from './0041_remittance_jobs.js';
import biWriteOverhead from './0042_bi_write_overhead.js';
import biStatusChanges from './0043_bi_status_changes.js';
import bankAccountPixKeys from './0044_bank_account_pix_keys.js';
import returnJobs from './0045_return_jobs.js';
import bankAccountChanges from './0046_bank_account_changes.js';
import remittancesProcessedOnReturn from './0047_remittances_processed_on_return.js';
import bankAccountOpenings from './0048_bank_account_openings.js';
import remittanceAnswersByHand from './0049_remittance_answers_by_hand.js';
import remittanceItemsByInstallment from './0050_remittance_items_by_installment.js';

export const migrations: Record<string, Migration> = {
  '0001_identity': identity,
  '0002_registry': registry,
  '0003_registries': registries,
  '0004_search_indexes': searchIndexes,
  '0005_files': files,
  '0006_sort_keys': sortKeys,
  '0007_folded_search': foldedSearch,
  '0008_tenant_policy_initplan': tenantPolicyInitplan,
  '0009_refresh_grace': refreshGrace,
  '0010_workflow_spine': workflowSpine,
  '0011_orders_approvals': ordersApprovals,
  '0012_recovery_codes': recoveryCodes,
  '0013_audit_entity_index': auditEntityIndex,
  '0014_finance_entries': financeEntries,
  '0015_payment_approval': paymentApproval,
  '0016_rate_limits': rateLimits,
  '0017_list_preferences': listPreferences,
  '0018_recurring_entries': recurringEntries,
  '0019_permission_epochs': permissionEpochs,
  '0020_drop_import_lease': dropImportLease,
  '0021_request_fixed_cost': requestFixedCost,
  '0022_approval_rules': approvalRules,
  '0023_buying_cycle': buyingCycle,
  '0024_bank_files': bankFiles,
  '0025_session_idle_timeout': sessionIdleTimeout,
  '0026_onboarding_skips': onboardingSkips,
  '0029_supplier_links': supplierLinks,
  '0030_bi_reports': biReports,
  '0031_bank_statements': bankStatements,
  '0033_account_tokens': accountTokens,
  '0034_receipt_data': receiptData,
  '0036_bi_reports_more': biReportsMore,
  '0037_statement_lines_and_rules': statementLinesAndRules,
  '0038_profile_matrix_policy': profileMatrixPolicy,
  '0039_service_confirmations': serviceConfirmations,
  '0040_statement_match_groups': statementMatchGroups,
  '0041_remittance_jobs': remittanceJobs,
  '0042_bi_write_overhead': biWriteOverhead,
  '0043_bi_status_changes': biStatusChanges,
  '0044_bank_account_pix_keys': bankAccountPixKeys,
  '0045_return_jobs': returnJobs,
  '0046_bank_account_changes': bankAccountChanges,
  '0047_remittances_processed_on_return': remittancesProcessedOnReturn,
  '0048_bank_account_openings': bankAccountOpenings,
  '0049_remittance_answers_by_hand': remittanceAnswersByHand,
  '0050_remittance_items_by_installment': remittanceItemsByInstallment,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
