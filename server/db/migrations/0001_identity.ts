/**
 * Identity tables: organisations, users, sessions (refresh-token families), second factor,
 * password recovery, throttling, dev outbox, audit log, policies and user groups.
 * Plain SQL, nothing newer than PostgreSQL 15.
 */
import { type Kysely, sql } from 'kysely';

const up = [
  `CREATE TABLE organizations (
    id text PRIMARY KEY,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE users (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    email text NOT NULL,
    login_key text NOT NULL,
    name text NOT NULL,
    access_level text NOT NULL CHECK (access_level IN ('SystemOwner', 'Admin', 'User')),
    password_hash text NOT NULL,
    is_active boolean NOT NULL DEFAULT true,
    two_factor_mandatory boolean NOT NULL DEFAULT false,
    two_factor_enabled_by_user boolean NOT NULL DEFAULT false,
    allowed_methods text[] NOT NULL DEFAULT ARRAY['Email', 'TOTP']::text[],
    totp_secret_enc text,
    totp_pending_enc text,
    totp_last_step bigint,
    email_2fa_confirmed boolean NOT NULL DEFAULT false,
    password_changed_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT users_login_key_unique UNIQUE (login_key),
    CONSTRAINT users_allowed_methods_check CHECK (allowed_methods <@ ARRAY['Email', 'TOTP']::text[])
  )`,
  `CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`,
  `CREATE INDEX users_org_idx ON users (org_id)`,
  `CREATE TABLE sessions (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    user_id text NOT NULL REFERENCES users(id),
    remember_me boolean NOT NULL,
    created_at timestamptz NOT NULL,
    absolute_expires_at timestamptz NOT NULL,
    idle_expires_at timestamptz NOT NULL,
    last_used_at timestamptz NOT NULL,
    revoked_at timestamptz,
    revoked_reason text
  )`,
  `CREATE INDEX sessions_user_idx ON sessions (user_id)`,
  `CREATE TABLE refresh_tokens (
    token_hash text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    session_id text NOT NULL REFERENCES sessions(id),
    created_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id)`,
  `CREATE TABLE consumed_tokens (
    jti text PRIMARY KEY,
    expires_at timestamptz NOT NULL
  )`,
  `CREATE TABLE email_codes (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    user_id text NOT NULL REFERENCES users(id),
    purpose text NOT NULL CHECK (purpose IN ('login', 'account')),
    code_hash text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    consumed_at timestamptz
  )`,
  `CREATE INDEX email_codes_user_idx ON email_codes (user_id, purpose)`,
  `CREATE TABLE password_reset_tokens (
    token_hash text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    user_id text NOT NULL REFERENCES users(id),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id)`,
  `CREATE TABLE login_throttle (
    login_key text PRIMARY KEY,
    failures integer NOT NULL,
    last_failure_at timestamptz NOT NULL,
    locked_until timestamptz
  )`,
  `CREATE TABLE second_factor_throttle (
    user_id text PRIMARY KEY REFERENCES users(id),
    org_id text NOT NULL REFERENCES organizations(id),
    failures integer NOT NULL,
    last_failure_at timestamptz NOT NULL,
    locked_until timestamptz
  )`,
  `CREATE TABLE outbox (
    id text PRIMARY KEY,
    created_at timestamptz NOT NULL,
    from_address text NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text
  )`,
  `CREATE TABLE audit_log (
    id text PRIMARY KEY,
    seq bigint GENERATED ALWAYS AS IDENTITY,
    org_id text REFERENCES organizations(id),
    actor_user_id text,
    at timestamptz NOT NULL,
    action text NOT NULL,
    entity_type text,
    entity_id text,
    before jsonb,
    after jsonb,
    request_id text,
    ip text
  )`,
  `CREATE INDEX audit_log_org_at_idx ON audit_log (org_id, at)`,
  `CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     RAISE EXCEPTION 'audit_log is append-only';
   END
   $$`,
  `CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
     FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
  `CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
     FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`,
  `CREATE TABLE policies (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    name text NOT NULL,
    description text,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT policies_org_name_unique UNIQUE (org_id, name)
  )`,
  `CREATE TABLE policy_permissions (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    policy_id text NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('resource', 'acl')),
    name text NOT NULL,
    scopes text[] NOT NULL DEFAULT ARRAY[]::text[],
    CONSTRAINT policy_permissions_unique UNIQUE (policy_id, kind, name)
  )`,
  `CREATE TABLE user_policies (
    org_id text NOT NULL REFERENCES organizations(id),
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    policy_id text NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, policy_id)
  )`,
  `CREATE TABLE user_groups (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    name text NOT NULL,
    description text,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT user_groups_org_name_unique UNIQUE (org_id, name)
  )`,
  `CREATE TABLE user_group_members (
    org_id text NOT NULL REFERENCES organizations(id),
    group_id text NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
  )`,
  `CREATE INDEX user_group_members_user_idx ON user_group_members (user_id)`,
  `CREATE TABLE user_group_policies (
    org_id text NOT NULL REFERENCES organizations(id),
    group_id text NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
    policy_id text NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, policy_id)
  )`,
];

const down = [
  'DROP TABLE user_group_policies',
  'DROP TABLE user_group_members',
  'DROP TABLE user_groups',
  'DROP TABLE user_policies',
  'DROP TABLE policy_permissions',
  'DROP TABLE policies',
  'DROP TABLE audit_log',
  'DROP FUNCTION audit_log_append_only()',
  'DROP TABLE outbox',
  'DROP TABLE second_factor_throttle',
  'DROP TABLE login_throttle',
  'DROP TABLE password_reset_tokens',
  'DROP TABLE email_codes',
  'DROP TABLE consumed_tokens',
  'DROP TABLE refresh_tokens',
  'DROP TABLE sessions',
  'DROP TABLE users',
  'DROP TABLE organizations',
];

export async function runStatements(db: Kysely<any>, statements: string[]): Promise<void> {
  // One statement per query: the PGlite driver uses the extended protocol.
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
