/**
 * Row-level security, the second wall behind the app's tenant filters (SECURITY.md "tenants"),
 * proven with raw SQL through the app's own connection (`tenantDb`, role retaguarda_app) — on
 * PostgreSQL and on PGlite alike:
 * - the role is neither superuser nor BYPASSRLS nor the tables' owner;
 * - every table with a tenant column has FORCE ROW LEVEL SECURITY and the tenant policy;
 * - with `app.org_id` set to tenant A, a query that forgets the tenant sees, changes and
 *   writes no row of tenant B; without a tenant it sees nothing at all;
 * - the SystemOwner bypass crosses tenants only where it is set;
 * - the app cannot rewrite the audit trail nor switch the wall off.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../server/db/connect.js';
import { TENANT_TABLES as IDENTITY_TENANT_TABLES } from '../../server/db/migrations/0002_registry.js';
import { REGISTRY_TENANT_TABLES } from '../../server/db/migrations/0003_registries.js';
import { FILE_TENANT_TABLES } from '../../server/db/migrations/0005_files.js';
import { ORDER_APPROVAL_TABLES } from '../../server/db/migrations/0011_orders_approvals.js';
import { RECOVERY_TENANT_TABLES } from '../../server/db/migrations/0012_recovery_codes.js';
import { FINANCE_TABLES } from '../../server/db/migrations/0014_finance_entries.js';
import { LIST_PREFERENCE_TABLES } from '../../server/db/migrations/0017_list_preferences.js';
import { PERMISSION_EPOCH_TABLES } from '../../server/db/migrations/0019_permission_epochs.js';
import { BUYING_CYCLE_TABLES } from '../../server/db/migrations/0023_buying_cycle.js';
import { BANK_FILE_TABLES } from '../../server/db/migrations/0024_bank_files.js';
import { ONBOARDING_TABLES } from '../../server/db/migrations/0026_onboarding_skips.js';
import { SUPPLIER_LINK_TABLES } from '../../server/db/migrations/0029_supplier_links.js';
import { BI_TENANT_TABLES } from '../../server/db/migrations/0030_bi_reports.js';
import { ACCOUNT_TOKEN_TABLES } from '../../server/db/migrations/0033_account_tokens.js';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../../server/db/seed.js';
import { asSystemOwner, TENANT_POLICY, withTenant } from '../../server/db/tenant.js';
import { STATEMENT_TABLES } from '../../server/db/migrations/0031_bank_statements.js';
import { RULE_TABLES } from '../../server/db/migrations/0037_statement_lines_and_rules.js';
import { SERVICE_CONFIRMATION_TABLES } from '../../server/db/migrations/0039_service_confirmations.js';
import { MATCH_MEMBER_TABLES } from '../../server/db/migrations/0040_statement_match_groups.js';
import { BANK_ACCOUNT_CHANGE_TABLES } from '../../server/db/migrations/0046_bank_account_changes.js';
import { databaseKinds, loginSession, useTestEnv } from './fixture.js';

type Row = Record<string, unknown>;

/** Every table with a tenant column, by migration. */
const TENANT_TABLES = [...IDENTITY_TENANT_TABLES, ...REGISTRY_TENANT_TABLES, ...FILE_TENANT_TABLES, 'status_history', 'org_counters', ...ORDER_APPROVAL_TABLES, ...RECOVERY_TENANT_TABLES, ...FINANCE_TABLES, ...LIST_PREFERENCE_TABLES, ...PERMISSION_EPOCH_TABLES, ...BUYING_CYCLE_TABLES, ...BANK_FILE_TABLES, ...ONBOARDING_TABLES, ...SUPPLIER_LINK_TABLES, ...BI_TENANT_TABLES, ...STATEMENT_TABLES, ...RULE_TABLES, ...SERVICE_CONFIRMATION_TABLES, ...MATCH_MEMBER_TABLES];
TENANT_TABLES.push(...ACCOUNT_TOKEN_TABLES, ...BANK_ACCOUNT_CHANGE_TABLES);

describe.each(databaseKinds())('row-level security [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('runs the app as a role that is not superuser, not BYPASSRLS and owns no table', async () => {
    for (const db of [env.tenantDb, env.appDb]) {
      const who = await withTenant(db, DEMO_ORG_ID, async (trx) =>
        (
          await sql<Row>`SELECT current_user AS role, r.rolsuper, r.rolbypassrls,
              (SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user) AS owned
            FROM pg_roles r WHERE r.rolname = current_user`.execute(trx)
        ).rows[0],
      );
      expect(who).toEqual({ role: APP_ROLE, rolsuper: false, rolbypassrls: false, owned: expect.anything() });
      expect(Number(who.owned)).toBe(0);
    }
  });

  it('forces row-level security with the tenant policy on every table that has a tenant column', async () => {
    const tables = await sql<{ table: string; rls: boolean; forced: boolean; policies: string[] }>`
      SELECT c.relname AS table, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
        ARRAY(SELECT p.policyname::text FROM pg_policies p WHERE p.schemaname = 'public' AND p.tablename = c.relname) AS policies
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'
        AND (EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'org_id' AND NOT a.attisdropped) OR c.relname = 'organizations')
      ORDER BY 1`.execute(env.db);
    expect(tables.rows.map((t) => t.table).sort()).toEqual([...TENANT_TABLES, 'organizations'].sort());
    for (const table of tables.rows) expect(table, table.table).toMatchObject({ rls: true, forced: true, policies: [TENANT_POLICY] });
  });

  it('shows tenant A no row of tenant B even in a query that forgets the tenant', async () => {
    for (const table of [...TENANT_TABLES, 'organizations']) {
      const column = table === 'organizations' ? 'id' : 'org_id';
      const seen = await withTenant(env.tenantDb, DEMO_ORG_ID, async (trx) => (await sql<{ org: string | null }>`SELECT DISTINCT ${sql.ref(column)} AS org FROM ${sql.table(table)}`.execute(trx)).rows);
      expect(seen.filter((r) => r.org !== DEMO_ORG_ID), table).toEqual([]);
      const all = (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${DEMO_ORG_ID}`.execute(env.db)).rows[0].n;
      const mine = await withTenant(env.tenantDb, DEMO_ORG_ID, async (trx) => (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(trx)).rows[0].n);
      expect(mine, table).toBe(all);
    }
    // The seed gave tenant B users and groups: the wall, not an empty table, hides them.
    const foreign = (await sql<{ n: string }>`SELECT count(*) AS n FROM users WHERE org_id = ${OTHER_ORG_ID}`.execute(env.db)).rows[0].n;
    expect(Number(foreign)).toBeGreaterThan(0);
    const join = await withTenant(env.tenantDb, DEMO_ORG_ID, async (trx) =>
      (await sql<Row>`SELECT u.email FROM users u JOIN user_group_members m ON m.user_id = u.id JOIN user_groups g ON g.id = m.group_id WHERE g.name = 'Administrador'`.execute(trx)).rows,
    );
    expect(join.map((r) => r.email)).toEqual(['admin@demo.com.br']);
  });

  it('sees nothing without a tenant, and only the bypass of asSystemOwner crosses tenants', async () => {
    const outside = await sql<{ n: string }>`SELECT count(*) AS n FROM users`.execute(env.tenantDb);
    expect(Number(outside.rows[0].n)).toBe(0);
    const orgs = await asSystemOwner(env.tenantDb, async (trx) => (await sql<{ id: string }>`SELECT id FROM organizations ORDER BY id`.execute(trx)).rows.map((r) => r.id));
    expect(orgs).toEqual(expect.arrayContaining([DEMO_ORG_ID, OTHER_ORG_ID]));
    // The transaction-local settings are gone afterwards: the pooled connection is back to nothing.
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM users`.execute(env.tenantDb);
    expect(Number(after.rows[0].n)).toBe(0);
  });

  it('changes no row of tenant B in an UPDATE or DELETE without a tenant filter, and writes none', async () => {
    const before = await env.db.selectFrom('user_groups').select(['id', 'description', 'org_id']).orderBy('id').execute();
    const changed = await withTenant(env.tenantDb, DEMO_ORG_ID, async (trx) => Number((await sql`UPDATE user_groups SET description = 'alterado'`.execute(trx)).numAffectedRows));
    expect(changed).toBe(before.filter((g) => g.org_id === DEMO_ORG_ID).length);
    const after = await env.db.selectFrom('user_groups').select(['id', 'description', 'org_id']).orderBy('id').execute();
    for (const group of after.filter((g) => g.org_id === OTHER_ORG_ID)) expect(group).toEqual(before.find((g) => g.id === group.id));
    const foreignDelete = await withTenant(env.tenantDb, DEMO_ORG_ID, async (trx) => Number((await sql`DELETE FROM user_group_members WHERE org_id = ${OTHER_ORG_ID}`.execute(trx)).numAffectedRows));
    expect(foreignDelete).toBe(0);
    const insert = withTenant(env.tenantDb, DEMO_ORG_ID, (trx) =>
      sql`INSERT INTO user_groups (id, org_id, name, created_at) VALUES (${randomUUID()}, ${OTHER_ORG_ID}, 'Intrusos', now())`.execute(trx),
    );
    await expect(insert).rejects.toMatchObject({ code: '42501' });
    const moved = withTenant(env.tenantDb, DEMO_ORG_ID, (trx) => sql`UPDATE user_groups SET org_id = ${OTHER_ORG_ID} WHERE name = 'Comprador'`.execute(trx));
    await expect(moved).rejects.toMatchObject({ code: '42501' });
  });

  it('keeps the audit trail append-only and the wall on for the app role', async () => {
    const session = await loginSession(env, 'compras@demo.com.br'); // writes audit rows through the app
    expect(session.accessToken).toBeTruthy();
    for (const statement of [sql`UPDATE audit_log SET action = 'x'`, sql`DELETE FROM audit_log`, sql`ALTER TABLE users DISABLE ROW LEVEL SECURITY`, sql`ALTER TABLE users NO FORCE ROW LEVEL SECURITY`, sql`DROP POLICY ${sql.id(TENANT_POLICY)} ON users`]) {
      await expect(withTenant(env.tenantDb, DEMO_ORG_ID, (trx) => statement.execute(trx))).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('undoes a failed unit of work and hands the next one a clean connection, whatever the organisation id holds', async () => {
    const name = `RLS rollback ${randomUUID()}`;
    const failing = withTenant(env.tenantDb, DEMO_ORG_ID, async (trx) => {
      await sql`UPDATE users SET name = ${name} WHERE email = 'compras@demo.com.br'`.execute(trx);
      await sql`SELECT 1 / 0`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    // Every pooled connection after it: no transaction left open, no tenant left set.
    for (let i = 0; i < 12; i++) {
      const state = (await sql<{ org: string | null; xact: string | null }>`SELECT current_setting('app.org_id', true) AS org, txid_current_if_assigned()::text AS xact`.execute(env.tenantDb)).rows[0];
      expect([null, ''].includes(state.org), `connection ${i}: app.org_id ${state.org}`).toBe(true);
      expect(state.xact).toBeNull();
    }
    const names = (await sql<{ name: string }>`SELECT name FROM users WHERE email = 'compras@demo.com.br'`.execute(env.db)).rows;
    expect(names.map((r) => r.name)).not.toContain(name);
    // An id with a backslash and a quote is a value, never SQL: it matches no tenant and sees no row.
    const seen = await withTenant(env.tenantDb, `${DEMO_ORG_ID}\\', true); DROP TABLE users; --`, async (trx) => (await sql<{ n: string }>`SELECT count(*) AS n FROM users`.execute(trx)).rows[0].n);
    expect(Number(seen)).toBe(0);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM users`.execute(env.db)).rows[0].n)).toBeGreaterThan(0);
  });
});
