/**
 * What each user chose for each list (issue 11): the columns shown and the saved filters, one row
 * per user and list (`list_key`: the declaration's name), kept on the server so they follow the
 * user to another browser and survive a new session. Row-level security by organisation.
 */
import type { Kysely } from 'kysely';
import { tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';

export const LIST_PREFERENCE_TABLES = ['list_preferences'] as const;

const up = [
  `CREATE TABLE list_preferences (
    org_id text NOT NULL REFERENCES organizations(id),
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    list_key text NOT NULL,
    columns jsonb,
    filters jsonb NOT NULL DEFAULT '[]'::jsonb,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, list_key)
  )`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON list_preferences TO ${APP_ROLE}`,
  ...LIST_PREFERENCE_TABLES.flatMap((table) => tenantTableStatements(table)),
];
const down = ['DROP TABLE list_preferences'];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
