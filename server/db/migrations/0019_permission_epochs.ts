/**
 * Permission epochs: a stamp per organisation that changes (in the same transaction) whenever
 * anything the effective permissions are made of changes — policies, their permissions, a user's
 * policies, group memberships, a group's policies. Each instance caches a user's permissions with
 * the stamp it read and reloads them when the stamp moved, so a change takes effect on the next
 * request on every instance. The stamp is a fresh UUID, so stamps of different databases never
 * collide in one process (the tests run two). Under the tenant policy like every table with
 * an `org_id`: the triggers write it inside the caller's tenant transaction.
 */
import type { Kysely } from 'kysely';
import { tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

export const PERMISSION_EPOCH_TABLES = ['permission_epochs'] as const;

const TABLES = ['policies', 'policy_permissions', 'user_policies', 'user_group_members', 'user_group_policies'];

const up = [
  `CREATE TABLE permission_epochs (
    org_id text PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
    stamp text NOT NULL
  )`,
  `CREATE FUNCTION bump_permission_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO permission_epochs (org_id, stamp) VALUES (COALESCE(NEW.org_id, OLD.org_id), gen_random_uuid()::text)
      ON CONFLICT (org_id) DO UPDATE SET stamp = EXCLUDED.stamp;
    RETURN NULL;
  END $$`,
  ...TABLES.map((table) => `CREATE TRIGGER ${table}_permission_epoch AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION bump_permission_epoch()`),
  `INSERT INTO permission_epochs (org_id, stamp) SELECT id, gen_random_uuid()::text FROM organizations`,
  ...tenantTableStatements('permission_epochs'),
];
const down = [...TABLES.map((table) => `DROP TRIGGER ${table}_permission_epoch ON ${table}`), 'DROP FUNCTION bump_permission_epoch()', 'DROP TABLE permission_epochs'];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
