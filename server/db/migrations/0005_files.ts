/**
 * Stored files (src/contracts/files.ts): one row per file and one per 64 KB part, in the
 * database itself so that PGlite and PostgreSQL keep them alike and the tenant wall (row-level
 * security) covers them like every other tenant table. A file is `uploading` until every part is
 * in and its signature matches its type, then `ready` (with its SHA-256).
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

export const FILE_TENANT_TABLES = ['files', 'file_chunks'] as const;

const APP_ROLE = 'retaguarda_app';

const up = [
  `CREATE TABLE files (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    name text NOT NULL,
    content_type text NOT NULL,
    size integer NOT NULL CHECK (size > 0),
    status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'ready')),
    sha256 text,
    created_by text,
    created_at timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz
  )`,
  `CREATE INDEX files_org_status_created_idx ON files (org_id, status, created_at)`,
  `CREATE TABLE file_chunks (
    file_id text NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    org_id text NOT NULL REFERENCES organizations(id),
    idx integer NOT NULL CHECK (idx >= 0),
    data bytea NOT NULL,
    PRIMARY KEY (file_id, idx)
  )`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ${FILE_TENANT_TABLES.join(', ')} TO ${APP_ROLE}`,
  ...FILE_TENANT_TABLES.flatMap((table) => tenantTableStatements(table)),
];

const down = [...FILE_TENANT_TABLES.map((table) => `DROP POLICY IF EXISTS ${TENANT_POLICY} ON ${table}`), 'DROP TABLE file_chunks', 'DROP TABLE files'];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
