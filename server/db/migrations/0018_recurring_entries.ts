/**
 * Recurring lançamentos a pagar: the rule (recurrence, its last competência) and the link from a
 * generated lançamento to the one it repeats — at most one per lançamento (UNIQUE), so an
 * approval replayed or run twice never creates two copies.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = [
  `ALTER TABLE finance_entries
    ADD COLUMN recurrence text CHECK (recurrence IN ('monthly', 'quarterly', 'yearly')),
    ADD COLUMN recurrence_until text CHECK (recurrence_until ~ '^(0[1-9]|1[0-2])/[0-9]{4}$'),
    ADD COLUMN recurrence_of text REFERENCES finance_entries(id)`,
  'CREATE UNIQUE INDEX finance_entries_recurrence_of_unique ON finance_entries (recurrence_of) WHERE recurrence_of IS NOT NULL',
];
const down = [
  'DROP INDEX finance_entries_recurrence_of_unique',
  'ALTER TABLE finance_entries DROP COLUMN recurrence_of, DROP COLUMN recurrence_until, DROP COLUMN recurrence',
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
