/**
 * The permission stamp (migration 0019) moves once per statement instead of once per row: a
 * statement that changes k rows of the permission tables (the bench's 100,000 users joining a
 * group in one INSERT … SELECT, a policy deleted with its permissions) updated the organisation's
 * one `permission_epochs` row k times, leaving k dead versions of it that every request's session
 * lookup walked until a vacuum came (bench/list-endpoint.ts: 1,334 heap pages, ~0.45 ms of the
 * database's CPU per request, with autovacuum off on the test server). Statement-level triggers
 * with transition tables give each organisation touched by the statement one new stamp, still
 * in the same statement, so the next read of the stamp sees the change exactly as before.
 * PostgreSQL refuses transition tables on a trigger with more than one event: three triggers
 * per table, one function.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const TABLES = ['policies', 'policy_permissions', 'user_policies', 'user_group_members', 'user_group_policies'];

const up = [
  ...TABLES.map((table) => `DROP TRIGGER ${table}_permission_epoch ON ${table}`),
  `CREATE FUNCTION bump_permission_epochs() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO permission_epochs (org_id, stamp) SELECT c.org_id, gen_random_uuid()::text FROM (SELECT DISTINCT org_id FROM changed_new) AS c
        ON CONFLICT (org_id) DO UPDATE SET stamp = EXCLUDED.stamp;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO permission_epochs (org_id, stamp) SELECT c.org_id, gen_random_uuid()::text FROM (SELECT DISTINCT org_id FROM changed_old) AS c
        ON CONFLICT (org_id) DO UPDATE SET stamp = EXCLUDED.stamp;
    ELSE
      INSERT INTO permission_epochs (org_id, stamp) SELECT c.org_id, gen_random_uuid()::text FROM (SELECT org_id FROM changed_new UNION SELECT org_id FROM changed_old) AS c
        ON CONFLICT (org_id) DO UPDATE SET stamp = EXCLUDED.stamp;
    END IF;
    RETURN NULL;
  END $$`,
  ...TABLES.flatMap((table) => [
    `CREATE TRIGGER ${table}_permission_epoch_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_permission_epochs()`,
    `CREATE TRIGGER ${table}_permission_epoch_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_permission_epochs()`,
    `CREATE TRIGGER ${table}_permission_epoch_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_permission_epochs()`,
  ]),
];
const down = [
  ...TABLES.flatMap((table) => ['insert', 'update', 'delete'].map((event) => `DROP TRIGGER ${table}_permission_epoch_${event} ON ${table}`)),
  'DROP FUNCTION bump_permission_epochs()',
  ...TABLES.map((table) => `CREATE TRIGGER ${table}_permission_epoch AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION bump_permission_epoch()`),
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
