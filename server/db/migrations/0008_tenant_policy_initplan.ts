/**
 * Every tenant policy re-created with its settings read once per statement
 * (`tenantRule`, db/tenant.ts) instead of twice per row. Same rows visible, same rows writable.
 */
import type { Kysely } from 'kysely';
import { tenantPolicyStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';
import { TENANT_TABLES } from './0002_registry.js';
import { REGISTRY_TENANT_TABLES } from './0003_registries.js';
import { FILE_TENANT_TABLES } from './0005_files.js';

/** [table, tenant column] of every table behind the wall. */
const TABLES: [string, string][] = [...TENANT_TABLES, ...REGISTRY_TENANT_TABLES, ...FILE_TENANT_TABLES].map((table) => [table, 'org_id'] as [string, string]).concat([['organizations', 'id']]);

/** The rule before this migration, for `down`. */
const perRow = (column: string) => `${column} = current_setting('app.org_id', true) OR current_setting('app.bypass_rls', true) = 'on'`;

export default {
  up: (db: Kysely<any>) => runStatements(db, TABLES.flatMap(([table, column]) => tenantPolicyStatements(table, column))),
  down: (db: Kysely<any>) => runStatements(db, TABLES.flatMap(([table, column]) => tenantPolicyStatements(table, column, perRow(column)))),
};
