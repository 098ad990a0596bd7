import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from './migrations/index.js';

/** Kysely's table of applied migrations (the Migrator's default name). */
const APPLIED_TABLE = 'kysely_migration';

/**
 * Whether the database holds exactly the migrations of this version (server start on an
 * existing data directory): one query against the applied list instead of the Migrator's own
 * check (its tables ensured, a lock row taken and the list read in a transaction — ~0.25 s on
 * PGlite). Anything else — no table yet, one pending, one applied that this version does not
 * know — answers false and the Migrator decides, with its own errors, as before.
 */
async function allApplied(db: Kysely<any>, names: readonly string[]): Promise<boolean> {
  const applied = await sql<{ name: string }>`SELECT name FROM ${sql.table(APPLIED_TABLE)}`.execute(db).then(
    (result) => new Set(result.rows.map((row) => row.name)),
    () => undefined, // no table yet (a new database)
  );
  return applied !== undefined && applied.size === names.length && names.every((name) => applied.has(name));
}

/** Applies every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  if (await allApplied(db, Object.keys(await migrationProvider.getMigrations()))) return [];
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(desconhecida)'} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
