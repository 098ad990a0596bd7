/**
 * Storage of the remessas (`remittances`) for the registry: the record, its payments
 * (`remittance_items`, read as the `items` list), and its transitions. A remessa is made only by
 * its generation (generate.ts hands the file and the payments over through `pendingFile`): the
 * generic create refuses anything else, and nothing is deleted (cancel instead). Cancelling takes
 * the parcelas still waiting for the bank out of the file, each through its own service
 * (`unremit`: history, audit), with the reason; only a remessa no retorno has answered (gerada or
 * enviada, read under its row lock — the retorno's import takes the same lock and makes it
 * processada, so the two cannot both win).
 */
import { sql } from 'kysely';
import { payableInstallments, remittances } from '../../../src/contracts/resources/index.js';
import { WAITING_OUTCOMES } from '../../../src/contracts/resources/remittances.js';
import { HttpError } from '../../errors.js';
import { declaredStorage } from '../../registry/declared.js';
import type { Call, Trx } from '../../registry/storage.js';
import { countOf } from '../../../src/contracts/plural.js';

export const REMITTANCE_MESSAGES = {
  direct: 'Remessas são geradas a partir das parcelas autorizadas: use "Gerar remessa" na fila de remessa.',
  noDelete: 'Remessas não são excluídas: use "Cancelar remessa", com o motivo.',
} as const;

export interface PendingItem {
  installmentId: string;
  supplierId: string | null;
  paymentForm: string;
  reference: string;
  paymentDate: string;
  amount: number;
}

export interface PendingFile {
  columns: Record<string, unknown>;
  items: PendingItem[];
}

/** What the generation is creating, for the call it creates it with. */
export const pendingFile = new WeakMap<Call, PendingFile>();

const items = sql`COALESCE((SELECT jsonb_agg(jsonb_build_object('id', i.id, 'installmentId', i.installment_id, 'supplierId', i.supplier_id, 'paymentForm', i.payment_form,
  'reference', i.reference, 'paymentDate', i.payment_date, 'amount', i.amount, 'outcome', i.outcome, 'occurrences', i.occurrences) ORDER BY i.position)
  FROM remittance_items i WHERE i.remittance_id = t.id), '[]'::jsonb)`;

/** Takes the live payments of a remessa out of it: their parcelas back to autorizada, with the reason. */
export async function releaseItems(trx: Trx, call: Call, remittanceId: string, reason: string, only: 'pending' | 'all' = 'all'): Promise<number> {
  const rows = await sql<{ installment_id: string }>`UPDATE remittance_items SET live = false
    WHERE remittance_id = ${remittanceId} AND org_id = ${call.orgId} AND live ${only === 'pending' ? sql`AND outcome IN (${sql.join(WAITING_OUTCOMES)})` : sql``}
    RETURNING installment_id`.execute(trx);
  if (!rows.rows.length) return 0;
  const parcelas = call.ctx.records(payableInstallments.name);
  await parcelas.transitionWhere(trx, parcelas.callFrom(call), [sql`t.id IN (${sql.join(rows.rows.map((r) => r.installment_id))})`], 'unremit', { reason }, { system: true });
  return rows.rows.length;
}

export const remittancesStorage = declaredStorage(remittances, 'remittances', {
  // POST remittances is the generation (routes.ts).
  ownCreate: true,
  computed: {
    items,
    paidCount: sql`(SELECT count(*)::int FROM remittance_items i WHERE i.remittance_id = t.id AND i.outcome = 'paid')`,
    rejectedCount: sql`(SELECT count(*)::int FROM remittance_items i WHERE i.remittance_id = t.id AND i.outcome = 'rejected')`,
  },
  async beforeCreate(_trx, call) {
    const pending = pendingFile.get(call);
    if (!pending) throw new HttpError(405, REMITTANCE_MESSAGES.direct);
    return pending.columns;
  },
  async afterCreate(trx, call, record) {
    const pending = pendingFile.get(call)!;
    const values = pending.items.map((item, position) => sql`(gen_random_uuid()::text, ${call.orgId}, ${record.id}, ${position}, ${item.installmentId}, ${item.supplierId}, ${item.paymentForm}, ${item.reference}, ${item.paymentDate}, ${item.amount})`);
    for (let at = 0; at < values.length; at += 1000) {
      await sql`INSERT INTO remittance_items (id, org_id, remittance_id, position, installment_id, supplier_id, payment_form, reference, payment_date, amount) VALUES ${sql.join(values.slice(at, at + 1000))}`.execute(trx);
    }
  },
  async beforeDelete() {
    throw new HttpError(409, REMITTANCE_MESSAGES.noDelete);
  },
  // The job's state changes are bookkeeping: a screen holding version 1 can still mark the file sent.
  versionKept: ['finish', 'fail'],
  transitions: {
    /** The job's last step offers the file: its SHA-256, computed from the bytes kept. */
    async finish(trx, call, before) {
      const digest = await sql<{ sha256: string }>`SELECT encode(sha256(content), 'hex') AS sha256 FROM remittances WHERE id = ${before.id} AND org_id = ${call.orgId}`.execute(trx);
      return { values: { sha256: digest.rows[0].sha256 } };
    },
    /** `input.reason`: the pt-BR message the remessa shows (the payments are released by the job, after). */
    async fail(_trx, _call, _before, input) {
      return { values: { failureReason: input.reason } };
    },
    async cancel(trx, call, before, input) {
      const released = await releaseItems(trx, call, before.id, `Remessa nº ${before.number} cancelada: ${String(input.reason)}`, 'pending');
      return { note: `${countOf(released, 'parcela devolvida', 'parcelas devolvidas')} para autorizadas.` };
    },
  },
});
