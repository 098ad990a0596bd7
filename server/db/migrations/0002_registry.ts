/**
 * The resource registry's identity tables and row-level security.
 *
 * 1. Storage of the identity declarations (src/contracts/resources): every registry record has
 *    `org_id`, `version`, `created_at`, `updated_at`. Existing tables gain what they lack
 *    (organizations: trade name, CNPJ, active, version; users, user_groups, policies: version);
 *    new ones: applications (one `is_default` per organisation = `applications/current`),
 *    application_resources, application_acls (items as jsonb) and org_settings (the `settings`
 *    singleton; name/trade name/CNPJ live on organizations). Policies belong to an application.
 * 2. Existing organisations get their settings row and default application; their policies
 *    move into it.
 * 3. The application role `retaguarda_app` (NOLOGIN, not superuser, no BYPASSRLS, owns nothing),
 *    granted DML on every table (audit_log: SELECT and INSERT only) now and by default later;
 *    every table with a tenant column gets FORCE ROW LEVEL SECURITY and the policy of
 *    db/tenant.ts. The role is cluster-wide: created once, reused by every database.
 * Plain SQL, nothing newer than PostgreSQL 15.
 */
import type { Kysely } from 'kysely';
import { APP_ROLE } from '../connect.js';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

/** Tables whose rows belong to one organisation (column `org_id`). */
export const TENANT_TABLES = [
  'users',
  'sessions',
  'refresh_tokens',
  'email_codes',
  'password_reset_tokens',
  'second_factor_throttle',
  'audit_log',
  'policies',
  'policy_permissions',
  'user_policies',
  'user_groups',
  'user_group_members',
  'user_group_policies',
  'applications',
  'application_resources',
  'application_acls',
  'org_settings',
] as const;

const VERSIONED = `version integer NOT NULL DEFAULT 1 CHECK (version >= 1)`;

const schema = [
  `ALTER TABLE organizations
     ADD COLUMN trade_name text,
     ADD COLUMN cnpj text,
     ADD COLUMN is_active boolean NOT NULL DEFAULT true,
     ADD COLUMN ${VERSIONED},
     ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `CREATE UNIQUE INDEX organizations_cnpj_unique ON organizations (cnpj) WHERE cnpj IS NOT NULL`,
  `ALTER TABLE users ADD COLUMN ${VERSIONED}`,
  `ALTER TABLE user_groups
     ADD COLUMN ${VERSIONED},
     ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `CREATE TABLE applications (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    name text NOT NULL,
    slug text NOT NULL,
    description text,
    is_active boolean NOT NULL DEFAULT true,
    is_default boolean NOT NULL DEFAULT false,
    ${VERSIONED},
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT applications_org_slug_unique UNIQUE (org_id, slug)
  )`,
  `CREATE UNIQUE INDEX applications_default_unique ON applications (org_id) WHERE is_default`,
  `ALTER TABLE policies
     ADD COLUMN application_id text REFERENCES applications(id) ON DELETE CASCADE,
     ADD COLUMN ${VERSIONED},
     ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `CREATE INDEX policies_application_idx ON policies (application_id)`,
  `ALTER TABLE policy_permissions ADD COLUMN position integer NOT NULL DEFAULT 0`,
  `CREATE INDEX user_policies_policy_idx ON user_policies (policy_id)`,
  `CREATE INDEX user_group_policies_policy_idx ON user_group_policies (policy_id)`,
  `CREATE TABLE application_resources (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    application_id text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    name text NOT NULL,
    title text NOT NULL,
    description text,
    ${VERSIONED},
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT application_resources_name_unique UNIQUE (application_id, name)
  )`,
  `CREATE TABLE application_acls (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    application_id text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    name text NOT NULL,
    title text NOT NULL,
    description text,
    items jsonb NOT NULL DEFAULT '[]'::jsonb,
    ${VERSIONED},
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT application_acls_name_unique UNIQUE (application_id, name)
  )`,
  `CREATE TABLE org_settings (
    org_id text PRIMARY KEY REFERENCES organizations(id),
    timezone text NOT NULL DEFAULT 'America/Sao_Paulo',
    two_factor_mandatory boolean NOT NULL DEFAULT false,
    two_factor_allowed_methods text[] NOT NULL DEFAULT ARRAY['Email', 'TOTP']::text[],
    ${VERSIONED},
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // Existing organisations: settings, default application, policies inside it.
  `INSERT INTO org_settings (org_id) SELECT id FROM organizations`,
  `INSERT INTO applications (id, org_id, name, slug, description, is_default)
     SELECT gen_random_uuid()::text, id, 'Retaguarda', 'retaguarda', 'Aplicação principal da organização.', true FROM organizations`,
  `UPDATE policies p SET application_id = a.id FROM applications a WHERE a.org_id = p.org_id AND a.is_default`,
  `ALTER TABLE policies ALTER COLUMN application_id SET NOT NULL`,
];

const role = [
  `DO $$
   BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
       CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
     END IF;
   EXCEPTION WHEN duplicate_object OR unique_violation THEN
     NULL; -- created meanwhile by a migration of another database of the cluster
   END
   $$`,
  // A non-superuser owner needs the membership to SET ROLE (a superuser does not).
  `DO $$
   BEGIN
     IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
        AND NOT pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') THEN
       EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
     END IF;
   END
   $$`,
  `GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`,
  `REVOKE ALL ON kysely_migration, kysely_migration_lock FROM ${APP_ROLE}`,
  `REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${APP_ROLE}`,
  `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`,
  `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`,
  `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${APP_ROLE}`,
  ...TENANT_TABLES.flatMap((table) => tenantTableStatements(table)),
  ...tenantTableStatements('organizations', 'id'),
];

const down = [
  ...[...TENANT_TABLES, 'organizations'].flatMap((table) => [
    `DROP POLICY IF EXISTS ${TENANT_POLICY} ON ${table}`,
    `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} DISABLE ROW LEVEL SECURITY`,
  ]),
  `ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE SELECT, INSERT, UPDATE, DELETE ON TABLES FROM ${APP_ROLE}`,
  `ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE USAGE, SELECT ON SEQUENCES FROM ${APP_ROLE}`,
  `REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${APP_ROLE}`,
  `REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${APP_ROLE}`,
  `REVOKE USAGE ON SCHEMA public FROM ${APP_ROLE}`,
  // The role itself stays: other databases of the cluster may use it.
  'DROP TABLE org_settings',
  'DROP TABLE application_acls',
  'DROP TABLE application_resources',
  'DROP INDEX user_group_policies_policy_idx',
  'DROP INDEX user_policies_policy_idx',
  'ALTER TABLE policy_permissions DROP COLUMN position',
  'ALTER TABLE policies DROP COLUMN application_id, DROP COLUMN version, DROP COLUMN updated_at',
  'DROP TABLE applications',
  'ALTER TABLE user_groups DROP COLUMN version, DROP COLUMN updated_at',
  'ALTER TABLE users DROP COLUMN version',
  'DROP INDEX organizations_cnpj_unique',
  'ALTER TABLE organizations DROP COLUMN trade_name, DROP COLUMN cnpj, DROP COLUMN is_active, DROP COLUMN version, DROP COLUMN updated_at',
];

export default {
  up: async (db: Kysely<any>) => runStatements(db, [...schema, ...role]),
  down: (db: Kysely<any>) => runStatements(db, down),
};
