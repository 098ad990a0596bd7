/**
 * Table types of the database (Kysely). Conventions:
 * - ids are text (crypto.randomUUID), every business table carries `org_id`;
 * - int8/bigint and numeric come back as strings from both drivers (see ./connect.ts);
 * - timestamptz comes back as Date; `date` comes back as 'YYYY-MM-DD' strings.
 */
import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
export type Json<T = unknown> = ColumnType<T, string, string>;

export interface OrganizationsTable {
  id: string;
  name: string;
  trade_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Unmasked (14 characters), unique when set. */
  cnpj: ColumnType<string | null, string | null | undefined, string | null>;
  /** An inactive organisation's users cannot sign in (nor use a session). */
  is_active: Generated<boolean>;
  /** Optimistic lock of the registry (`If-Match`). */
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Generated<Date>;
}

export interface UsersTable {
  id: string;
  org_id: string;
  /** As typed by the admin; shown to the user. */
  email: string;
  /** Normalised login (lower case, e-mail `+alias` stripped): globally unique. */
  login_key: string;
  name: string;
  access_level: 'SystemOwner' | 'Admin' | 'User';
  password_hash: string;
  is_active: boolean;
  two_factor_mandatory: boolean;
  two_factor_enabled_by_user: boolean;
  allowed_methods: string[];
  /** AES-256-GCM (APP_SECRET-derived key, user id as AAD) of the bound TOTP key. */
  totp_secret_enc: string | null;
  /** Same, for the key handed out by GET auth/two-factors/setup and not confirmed yet. */
  totp_pending_enc: string | null;
  /** Last accepted TOTP step (RFC 6238 counter); any step at or below it is refused. */
  totp_last_step: ColumnType<string | null, string | number | null, string | number | null>;
  /** Email is bound as a second factor once a code sent by e-mail was accepted at login. */
  email_2fa_confirmed: boolean;
  password_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** A session is a refresh-token family; its id is the `sid` claim of every access token. */
export interface SessionsTable {
  id: string;
  org_id: string;
  user_id: string;
  remember_me: boolean;
  created_at: Timestamp;
  absolute_expires_at: Timestamp;
  idle_expires_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

/** Every refresh token ever issued (hashed); `used_at` set once rotated. Reuse → family revoked. */
export interface RefreshTokensTable {
  token_hash: string;
  org_id: string;
  session_id: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
  /** The rotation's answer, sealed with a key derived from this (spent) token; cleared after the grace window. */
  successor_enc: string | null;
}

/** Single-use JWTs (PreAuthorization) already spent. */
export interface ConsumedTokensTable {
  jti: string;
  expires_at: Timestamp;
}

export interface EmailCodesTable {
  id: string;
  org_id: string;
  user_id: string;
  purpose: 'login' | 'account';
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: number;
  consumed_at: Timestamp | null;
}

export interface RecoveryCodesTable {
  id: string;
  org_id: string;
  user_id: string;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  org_id: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface LoginThrottleTable {
  login_key: string;
  failures: number;
  last_failure_at: Timestamp;
  locked_until: Timestamp | null;
}

/** Request-flood counters (migration 0016, http/rate-limit-store.ts). */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  resets_at: Timestamp;
}

export interface SecondFactorThrottleTable {
  user_id: string;
  org_id: string;
  failures: number;
  last_failure_at: Timestamp;
  locked_until: Timestamp | null;
}

/** Development mailbox (used when SMTP_URL is unset). */
export interface OutboxTable {
  id: string;
  created_at: Timestamp;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
}

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). Never secrets, codes or tokens. */
export interface AuditLogTable {
  id: string;
  seq: Generated<string>;
  org_id: string | null;
  actor_user_id: string | null;
  at: Timestamp;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  before: Json | null;
  after: Json | null;
  request_id: string | null;
  ip: string | null;
}

export interface PoliciesTable {
  id: string;
  org_id: string;
  /** The application the policy belongs to (`applications/{applicationId}/policies`). */
  application_id: string;
  name: string;
  description: string | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Generated<Date>;
}

export interface PolicyPermissionsTable {
  id: string;
  org_id: string;
  policy_id: string;
  kind: 'resource' | 'acl';
  name: string;
  scopes: string[];
  /** Order of the statement inside its policy. */
  position: Generated<number>;
}

export interface UserPoliciesTable {
  org_id: string;
  user_id: string;
  policy_id: string;
}

export interface UserGroupsTable {
  id: string;
  org_id: string;
  name: string;
  description: string | null;
  /** The policy the profile's permission matrix edits (migration 0038). */
  matrix_policy_id: Generated<string | null>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Generated<Date>;
}

export interface UserGroupMembersTable {
  org_id: string;
  group_id: string;
  user_id: string;
}

export interface UserGroupPoliciesTable {
  org_id: string;
  group_id: string;
  policy_id: string;
}

/** An organisation's applications; `is_default` (one per organisation) is `applications/current`. */
export interface ApplicationsTable {
  id: string;
  org_id: string;
  name: string;
  slug: string;
  description: string | null;
  is_active: Generated<boolean>;
  is_default: Generated<boolean>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ApplicationResourcesTable {
  id: string;
  org_id: string;
  application_id: string;
  name: string;
  title: string;
  description: string | null;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Grupos de Agências; `items` is `[{code, label}]`. */
export interface ApplicationAclsTable {
  id: string;
  org_id: string;
  application_id: string;
  name: string;
  title: string;
  description: string | null;
  items: Json<{ code: string; label: string }[]>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The `settings` singleton (the organisation's name, trade name and CNPJ live on organizations). */
export interface OrgSettingsTable {
  org_id: string;
  timezone: Generated<string>;
  two_factor_mandatory: Generated<boolean>;
  two_factor_allowed_methods: Generated<string[]>;
  /** Idle time-out of sessions without "Lembrar de mim", in minutes (migration 0025). */
  session_idle_minutes: Generated<number>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A stored file (migration 0005); its bytes are the `file_chunks` rows, in `idx` order. */
export interface FilesTable {
  id: string;
  org_id: string;
  name: string;
  content_type: string;
  size: number;
  status: Generated<'uploading' | 'ready'>;
  sha256: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export interface FileChunksTable {
  file_id: string;
  org_id: string;
  idx: number;
  data: Uint8Array;
}

export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  consumed_tokens: ConsumedTokensTable;
  email_codes: EmailCodesTable;
  recovery_codes: RecoveryCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_throttle: LoginThrottleTable;
  second_factor_throttle: SecondFactorThrottleTable;
  rate_limit_hits: RateLimitHitsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  policies: PoliciesTable;
  policy_permissions: PolicyPermissionsTable;
  user_policies: UserPoliciesTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  user_group_policies: UserGroupPoliciesTable;
  applications: ApplicationsTable;
  application_resources: ApplicationResourcesTable;
  application_acls: ApplicationAclsTable;
  org_settings: OrgSettingsTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
}
