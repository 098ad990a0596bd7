/**
 * A parcela a pagar shows its latest payment in a remessa (the remessa, the bank's answer and its
 * occurrences: server/finance/entries.ts), live or not: every read of a parcela finds it by this index.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = [`CREATE INDEX remittance_items_installment_idx ON remittance_items (installment_id)`];
const down = [`DROP INDEX remittance_items_installment_idx`];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
