/**
 * Approval rules that could be got around (issue 23):
 * - N of M counts people: a decision is made for a principal (the approver, or the absent approver
 *   a substitute stands in for), once per stage — `approval_decisions.principal_id`, UNIQUE per stage.
 *   Decisions recorded before this rule keep their rows; a second one for the same principal is
 *   marked `legacy:<id>` so the constraint can be created over them.
 * - Nobody approves a change they made: `approval_flows.changed_by` names who changed the record's
 *   watched data when the flow started (a payee or amount edited after submission).
 * - Payment data changed after an approval: `installments.payment_changed_by` names who changed it,
 *   until an approval covers the change again.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = [
  'ALTER TABLE approval_decisions ADD COLUMN principal_id text',
  `UPDATE approval_decisions d SET principal_id = CASE
      WHEN EXISTS (SELECT 1 FROM approval_decisions e WHERE e.flow_stage_id = d.flow_stage_id AND COALESCE(e.on_behalf_of, e.user_id) = COALESCE(d.on_behalf_of, d.user_id)
        AND (e.at, e.id) < (d.at, d.id)) THEN 'legacy:' || d.id
      ELSE COALESCE(d.on_behalf_of, d.user_id) END`,
  'ALTER TABLE approval_decisions ALTER COLUMN principal_id SET NOT NULL',
  'ALTER TABLE approval_decisions ADD CONSTRAINT approval_decisions_principal_once UNIQUE (flow_stage_id, principal_id)',
  'ALTER TABLE approval_flows ADD COLUMN changed_by text',
  'ALTER TABLE installments ADD COLUMN payment_changed_by text',
];
const down = [
  'ALTER TABLE installments DROP COLUMN payment_changed_by',
  'ALTER TABLE approval_flows DROP COLUMN changed_by',
  'ALTER TABLE approval_decisions DROP CONSTRAINT approval_decisions_principal_once',
  'ALTER TABLE approval_decisions DROP COLUMN principal_id',
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
