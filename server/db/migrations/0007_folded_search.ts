/**
 * Accent-insensitive search ("joao" finds "João", "sao paulo" finds "São Paulo") that keeps the
 * trigram indexes of the big lists: generated columns holding `rt_sort_key` of the searched
 * names (persons' name and trade name, products' name), with the trigram indexes moved onto
 * them. The search (registry/query.ts) compares them with the folded term through `ILIKE`
 * alone — the one operator marked LEAKPROOF (migration 0003), so the index still serves it
 * behind row-level security, which a function call on the column would prevent.
 * Sorting by these names reads the column too (the sort indexes move onto it): folding 100,000
 * names on the fly for a sort cost ~0.4 s on PostgreSQL. Without pg_trgm the columns are still
 * there and searched, by sequential scan.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

/** [table, source column, folded column, old trigram index, new trigram index] */
const FOLDED: [string, string, string, string, string][] = [
  ['persons', 'name', 'name_folded', 'persons_name_trgm', 'persons_name_folded_trgm'],
  ['persons', 'trade_name', 'trade_name_folded', 'persons_trade_name_trgm', 'persons_trade_name_folded_trgm'],
  ['products', 'name', 'name_folded', 'products_name_trgm', 'products_name_folded_trgm'],
];

const withTrigram = (statements: string[]) => `DO $$
   BEGIN
     IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
       ${statements.map((s) => `EXECUTE '${s.replace(/'/g, "''")}';`).join('\n       ')}
     END IF;
   END
   $$`;

/** The name sort indexes of migration 0006 on these tables, moved onto the folded column (a sort then reads it instead of folding every row). */
const SORT_INDEXES: [name: string, table: string, after: string, where?: string][] = [
  ['persons_org_name_idx', 'persons', 'id'],
  ['persons_suppliers_name_idx', 'persons', 'id', 'is_supplier'],
  ['persons_customers_name_idx', 'persons', 'id', 'is_customer'],
  ['products_org_name_idx', 'products', 'id'],
];
const sortIndexes = (key: string) =>
  SORT_INDEXES.flatMap(([name, table, after, where]) => [`DROP INDEX IF EXISTS ${name}`, `CREATE INDEX ${name} ON ${table} (org_id, ${key}, ${after})${where ? ` WHERE ${where}` : ''}`]);

const up = [
  ...FOLDED.map(([table, source, folded]) => `ALTER TABLE ${table} ADD COLUMN ${folded} text GENERATED ALWAYS AS (rt_sort_key(${source})) STORED`),
  ...sortIndexes('name_folded'),
  // fastupdate off: see migration 0004.
  withTrigram(FOLDED.flatMap(([table, , folded, old, index]) => [`DROP INDEX IF EXISTS ${old}`, `CREATE INDEX ${index} ON ${table} USING gin (${folded} gin_trgm_ops) WITH (fastupdate = off)`])),
];

const down = [
  ...sortIndexes('rt_sort_key(name)'),
  withTrigram(FOLDED.flatMap(([table, source, , old, index]) => [`DROP INDEX IF EXISTS ${index}`, `CREATE INDEX ${old} ON ${table} USING gin (${source} gin_trgm_ops) WITH (fastupdate = off)`])),
  ...FOLDED.map(([table, , folded]) => `ALTER TABLE ${table} DROP COLUMN ${folded}`),
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
