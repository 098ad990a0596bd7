/**
 * Trigram (GIN) indexes of the list searches without a pending list (`fastupdate = off`).
 *
 * With fastupdate a GIN index keeps new entries in an unsorted pending list until VACUUM (or
 * autovacuum) merges them, and every search reads that list linearly: after a bulk import of
 * 100,000 persons a rare term took ~200 ms instead of ~5 ms until the next vacuum. PGlite has no
 * autovacuum at all, so the lists would only grow up to `gin_pending_list_limit`. Writing each
 * entry into the index at insert time costs the imports a little; searches stay fast without any
 * maintenance. Existing pending entries are merged now (`gin_clean_pending_list`, the owner runs
 * migrations). Indexes that do not exist (no pg_trgm) are skipped.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

export const SEARCH_INDEXES = ['persons_name_trgm', 'persons_trade_name_trgm', 'persons_document_trgm', 'persons_email_trgm', 'products_name_trgm', 'products_sku_trgm'] as const;

const setFastupdate = (on: boolean) => `DO $$
   DECLARE
     name text;
   BEGIN
     FOREACH name IN ARRAY ARRAY['${SEARCH_INDEXES.join("', '")}'] LOOP
       IF to_regclass(name) IS NOT NULL THEN
         EXECUTE format('ALTER INDEX %I SET (fastupdate = ${on ? 'on' : 'off'})', name);
         ${on ? '' : "PERFORM gin_clean_pending_list(to_regclass(name));"}
       END IF;
     END LOOP;
   END
   $$`;

export default {
  up: (db: Kysely<any>) => runStatements(db, [setFastupdate(false)]),
  down: (db: Kysely<any>) => runStatements(db, [setFastupdate(true)]),
};
