/**
 * Two costs every authenticated request paid in the database (issue 9, "the server's fixed cost
 * per request").
 *
 * 1. The permission stamp (migration 0019) moves once per statement instead of once per row: a
 * statement that changes k rows of the permission tables (the bench's 100,000 users joining a
 * group in one INSERT … SELECT, a policy deleted with its permissions) updated the organisation's
 * one `permission_epochs` row k times, leaving k dead versions of it that every request's session
 * lookup walked until a vacuum came (bench/list-endpoint.ts: 1,334 heap pages, ~0.45 ms of the
 * database's CPU per request, with autovacuum off on the test server). Statement-level triggers
 * with transition tables give each organisation touched by the statement one new stamp, still
 * in the same statement, so the next read of the stamp sees the change exactly as before.
 * PostgreSQL refuses transition tables on a trigger with more than one event: three triggers
 * per table, one function.
 *
 * 2. The session lookup of every authenticated request (identity/guard.ts) as a PL/pgSQL
 * function, `session_state(sid, user)`: the same joins and the same stamp subquery, but PL/pgSQL
 * keeps the statement's plan per connection, where the plain statement was planned on every
 * request — the row-level security policies of four tables make that planning most of its cost
 * (~0.29 → ~0.10 ms of the database's CPU per lookup, ~0.13 → ~0.06 ms of the server's).
 * SECURITY INVOKER (the default): the caller's role and row-level security apply as before.
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
  `CREATE FUNCTION session_state(p_sid text, p_user text)
    RETURNS TABLE (revoked_at timestamptz, absolute_expires_at timestamptz, is_active boolean, access_level text, org_id text, org_active boolean, permission_stamp text)
    LANGUAGE plpgsql STABLE AS $$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY SELECT s.revoked_at, s.absolute_expires_at, u.is_active, u.access_level, u.org_id, o.is_active,
        (SELECT pe.stamp FROM permission_epochs AS pe WHERE pe.org_id = u.org_id)
      FROM sessions AS s
      JOIN users AS u ON u.id = s.user_id
      JOIN organizations AS o ON o.id = u.org_id
      WHERE s.id = p_sid AND s.user_id = p_user;
  END $$`,
  ...TABLES.flatMap((table) => [
    `CREATE TRIGGER ${table}_permission_epoch_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_permission_epochs()`,
    `CREATE TRIGGER ${table}_permission_epoch_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_permission_epochs()`,
    `CREATE TRIGGER ${table}_permission_epoch_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_permission_epochs()`,
  ]),
];
const down = [
  'DROP FUNCTION session_state(text, text)',
  ...TABLES.flatMap((table) => ['insert', 'update', 'delete'].map((event) => `DROP TRIGGER ${table}_permission_epoch_${event} ON ${table}`)),
  'DROP FUNCTION bump_permission_epochs()',
  ...TABLES.map((table) => `CREATE TRIGGER ${table}_permission_epoch AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION bump_permission_epoch()`),
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
