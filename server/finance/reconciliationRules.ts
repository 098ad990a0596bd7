/**
 * Storage of the regras de conciliação (`reconciliationRules`) and what they suggest (issue 25):
 * - one rule per text whatever its case (unique index on `upper(pattern)`, migration 0037); a rule
 *   names at least one category (of expense for saídas, of revenue for entradas);
 * - `ruleSuggestions`: for each open line, the active rule whose text its memo (or name) contains —
 *   accents and case ignored, the longest text first — with a category for the line's side: the
 *   counterparty, category and cost centre to prefill "Criar lançamento quitado", with their names.
 */
import { sql } from 'kysely';
import type { RuleSuggestion, StatementLine } from '../../src/contracts/bankStatements.js';
import { RECONCILIATION_RULE_MESSAGES, reconciliationRules } from '../../src/contracts/resources/reconciliationRules.js';
import type { FieldErrors } from '../errors.js';
import { declaredStorage } from '../registry/declared.js';
import type { Trx } from '../registry/storage.js';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/\s+/g, ' ').trim();

export const reconciliationRulesStorage = declaredStorage(reconciliationRules, 'reconciliation_rules', {
  validate: (values): FieldErrors => (values.expenseCategoryId || values.revenueCategoryId ? {} : { expenseCategoryId: [RECONCILIATION_RULE_MESSAGES.category], revenueCategoryId: [RECONCILIATION_RULE_MESSAGES.category] }),
});

interface RuleRow {
  id: string;
  pattern: string;
  expense_category_id: string | null;
  expense_category: string | null;
  revenue_category_id: string | null;
  revenue_category: string | null;
  cost_center_id: string | null;
  cost_center: string | null;
  supplier_id: string | null;
  supplier: string | null;
  customer_id: string | null;
  customer: string | null;
}

export async function ruleSuggestions(trx: Trx, orgId: string, lines: readonly StatementLine[]): Promise<RuleSuggestion[]> {
  const open = lines.filter((line) => line.status === 'open');
  if (!open.length) return [];
  const rules = (
    await sql<RuleRow>`SELECT r.id, r.pattern, r.expense_category_id, ec.name AS expense_category, r.revenue_category_id, rc.name AS revenue_category,
        r.cost_center_id, cc.name AS cost_center, r.supplier_id, sp.name AS supplier, r.customer_id, cu.name AS customer
      FROM reconciliation_rules r
        LEFT JOIN expense_categories ec ON ec.id = r.expense_category_id LEFT JOIN revenue_categories rc ON rc.id = r.revenue_category_id
        LEFT JOIN cost_centers cc ON cc.id = r.cost_center_id LEFT JOIN persons sp ON sp.id = r.supplier_id LEFT JOIN persons cu ON cu.id = r.customer_id
      WHERE r.org_id = ${orgId} AND r.is_active ORDER BY length(r.pattern) DESC, r.pattern LIMIT 1000`.execute(trx)
  ).rows;
  if (!rules.length) return [];
  const folded = rules.map((rule) => ({ ...rule, text: fold(rule.pattern) }));
  const suggestions: RuleSuggestion[] = [];
  for (const line of open) {
    const text = fold([line.memo, line.name].filter(Boolean).join(' '));
    const debit = line.amount < 0;
    const rule = folded.find((r) => text.includes(r.text) && (debit ? r.expense_category_id : r.revenue_category_id));
    if (!rule) continue;
    const option = (id: string | null, label: string | null) => (id ? { id, label: label ?? id } : null);
    suggestions.push({
      lineId: line.id,
      ruleId: rule.id,
      pattern: rule.pattern,
      party: debit ? option(rule.supplier_id, rule.supplier) : option(rule.customer_id, rule.customer),
      category: debit ? option(rule.expense_category_id, rule.expense_category)! : option(rule.revenue_category_id, rule.revenue_category)!,
      costCenter: option(rule.cost_center_id, rule.cost_center),
    });
  }
  return suggestions;
}
