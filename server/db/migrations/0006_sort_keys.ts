/**
 * Lists sorted by text follow Portuguese, not byte order: under the C / C.UTF-8 collations of
 * PGlite and of a default PostgreSQL, `lower()` leaves "Á" alone and every accented name sorts
 * after "Z" ("Ângela" after "Zuleica"). `rt_sort_key(text)` folds case and the accents of
 * Portuguese (and the common Western ones) to plain letters with `translate`, which every
 * PostgreSQL has, without an extension or ICU, so both databases sort alike. It is IMMUTABLE, so
 * the list indexes are built on it and the first page of a sorted list stays an index walk
 * (registry/query.ts sorts text fields by the same expression). The case-insensitive unique
 * indexes keep `lower()`: uniqueness still tells "José" from "Jose".
 */
import type { Kysely } from 'kysely';
import { ACCENTED, PLAIN } from '../../../src/contracts/brazil/text.js';
import { runStatements } from './0001_identity.js';

/** name, table and key columns (the sort key stands for `lower(name)`), partial condition. */
const SORT_INDEXES: [name: string, table: string, before: string, after: string, where?: string][] = [
  ['persons_org_name_idx', 'persons', 'org_id', 'id'],
  ['persons_suppliers_name_idx', 'persons', 'org_id', 'id', 'is_supplier'],
  ['persons_customers_name_idx', 'persons', 'org_id', 'id', 'is_customer'],
  ['companies_type_name_idx', 'companies', 'company_type_id', ''],
  ['bank_accounts_org_name_idx', 'bank_accounts', 'org_id', ''],
  ['departments_org_name_idx', 'departments', 'org_id', ''],
  ['product_categories_org_name_idx', 'product_categories', 'org_id', ''],
  ['products_org_name_idx', 'products', 'org_id', 'id'],
];

const index = (key: string) => SORT_INDEXES.flatMap(([name, table, before, after, where]) => [
  `DROP INDEX IF EXISTS ${name}`,
  `CREATE INDEX ${name} ON ${table} (${before}, ${key}${after ? `, ${after}` : ''})${where ? ` WHERE ${where}` : ''}`,
]);

const up = [
  `CREATE OR REPLACE FUNCTION rt_sort_key(value text) RETURNS text
     LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
     AS $$ SELECT lower(translate(value, '${ACCENTED}', '${PLAIN}')) $$`,
  ...index('rt_sort_key(name)'),
  // The users list sorted by e-mail used to walk the unique index on lower(email); sorted by name
  // (its default) it sorted every user of the tenant — now folding each name, so an index.
  'CREATE INDEX users_email_sort_idx ON users (rt_sort_key(email))',
  'CREATE INDEX users_org_name_sort_idx ON users (org_id, rt_sort_key(name), id)',
];

const down = [...index('lower(name)'), 'DROP INDEX users_email_sort_idx', 'DROP INDEX users_org_name_sort_idx', 'DROP FUNCTION rt_sort_key(text)'];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
