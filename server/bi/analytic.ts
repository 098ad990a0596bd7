/**
 * Storage of the analítico (contracts/resources/analyticInstallments.ts): the parcelas' own rows
 * (`installments`, both directions) with the lançamento's dimensions as computed columns — the
 * party and the category split by direction (a supplier and a customer are the same person table),
 * the rateio's cost centres, the competência as the month's first day. Read-only: every write is a
 * 405 (the parcela changes on its own page). The cost centres are read as a link
 * (`bi_installment_cost_centers`, migration 0042), so their filter is a semi-join on an index
 * rather than each row's rateio aggregated and compared (docs/decisions.md, issue 26 write overhead).
 */
import { sql } from 'kysely';
import { analyticInstallments, payableInstallments, receivableInstallments } from '../../src/contracts/resources/index.js';
import { LIVE_PHASES } from '../../src/contracts/workflow.js';
import { HttpError } from '../errors.js';
import { declaredStorage } from '../registry/declared.js';
import { inPhases } from '../registry/phases.js';

const READ_ONLY = 'O analítico só consulta: altere a parcela na sua própria página.';
const refuse = async (): Promise<never> => {
  throw new HttpError(405, READ_ONLY);
};
const of = (direction: 'payable' | 'receivable', column: string) => sql`(CASE WHEN t.direction = ${direction} THEN ${sql.ref(`t.${column}`)} END)`;
const live = sql`((t.direction = 'payable' AND ${inPhases(sql.ref('t.status'), payableInstallments.workflow!, LIVE_PHASES)})
  OR (t.direction = 'receivable' AND ${inPhases(sql.ref('t.status'), receivableInstallments.workflow!, LIVE_PHASES)}))`;

export const analyticStorage = declaredStorage(analyticInstallments, 'installments', {
  links: { costCenterIds: { table: 'bi_installment_cost_centers', own: 'installment_id', other: 'cost_center_id' } },
  computed: {
    entryNumber: sql`(SELECT e.number FROM finance_entries e WHERE e.id = t.entry_id)`,
    supplierId: of('payable', 'party_id'),
    customerId: of('receivable', 'party_id'),
    expenseCategoryId: of('payable', 'category_id'),
    revenueCategoryId: of('receivable', 'category_id'),
    competence: sql`(SELECT to_date('01/' || e.competence, 'DD/MM/YYYY') FROM finance_entries e WHERE e.id = t.entry_id)`,
    openBalance: sql`t.amount - t.paid_amount`,
    isOverdue: sql`(t.due_date < (now() AT TIME ZONE 'America/Sao_Paulo')::date AND ${live})`,
  },
  beforeCreate: refuse,
  beforeUpdate: refuse,
  beforeDelete: refuse,
});
