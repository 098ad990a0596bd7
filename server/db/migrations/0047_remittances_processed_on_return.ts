/**
 * A remessa is processada as soon as a retorno of it is imported (DOMAIN "Arquivo de remessa"),
 * not only once every payment is paid or rejected: one left agendado kept it gerada or enviada,
 * still offering "Cancelar remessa" (the parcela back in the fila, paid twice). The remessas a
 * retorno already answered — a payment with an answer, or named by an import still being applied
 * — become processadas, with their history row (the `process` transition, no actor).
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const ANSWERED = `r.status IN ('generated', 'sent') AND EXISTS (
    SELECT 1 FROM remittance_items i WHERE i.remittance_id = r.id AND (i.outcome <> 'pending' OR EXISTS (
      SELECT 1 FROM remittance_returns x WHERE x.org_id = i.org_id AND x.agreement_id = r.agreement_id AND x.status = 'processing'
        AND x.plan @> jsonb_build_array(jsonb_build_object('reference', i.reference)))))`;

const up = [
  `INSERT INTO status_history (id, org_id, entity_type, entity_id, action, from_status, to_status, input, actor_user_id, version)
    SELECT gen_random_uuid()::text, r.org_id, 'remittances', r.id, 'process', r.status, 'processed', NULL, NULL, r.version + 1 FROM remittances r WHERE ${ANSWERED}`,
  `UPDATE remittances r SET status = 'processed', version = r.version + 1, updated_at = now() WHERE ${ANSWERED}`,
];

// A data fix: nothing to undo (a processada remessa is valid before this migration too).
const down: string[] = [];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
