/**
 * Payment authorisation through the approval service: a payable parcela may wait for its
 * "Pagamentos" queue (em aprovação) or come back from it reproved (pagamento reprovado).
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const states = (list: string[]) => list.map((s) => `'${s}'`).join(', ');
const BEFORE = ['open', 'awaiting_requester', 'contested', 'queued', 'authorized', 'in_remittance', 'paid', 'received', 'cancelled'];
const AFTER = [...BEFORE, 'awaiting_approval', 'payment_rejected'];

const up = [
  'ALTER TABLE installments DROP CONSTRAINT installments_status_check',
  `ALTER TABLE installments ADD CONSTRAINT installments_status_check CHECK (status IN (${states(AFTER)}))`,
];
const down = [
  `UPDATE installments SET status = 'queued' WHERE status IN ('awaiting_approval', 'payment_rejected')`,
  'ALTER TABLE installments DROP CONSTRAINT installments_status_check',
  `ALTER TABLE installments ADD CONSTRAINT installments_status_check CHECK (status IN (${states(BEFORE)}))`,
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
