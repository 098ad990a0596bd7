/**
 * A payment of a processada remessa the bank left without a clear answer can be answered by a
 * person who confirmed it with the bank (server/finance/remittances/answers.ts): who and when, so
 * a later retorno that disagrees is shown as a conflict instead of being ignored.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = [`ALTER TABLE remittance_items ADD COLUMN answered_by text, ADD COLUMN answered_at timestamptz`];
const down = [`ALTER TABLE remittance_items DROP COLUMN answered_at, DROP COLUMN answered_by`];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
