/**
 * The answer of a refresh-token rotation, kept sealed on the spent token's row for the grace
 * window (identity/sessions.ts `REFRESH_GRACE_MS`): two tabs presenting the same token at once
 * both get the same new pair instead of revoking the family. The answer is encrypted with a key
 * derived from the spent token itself (never stored), so the database alone cannot open it.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

export default {
  up: (db: Kysely<any>) => runStatements(db, ['ALTER TABLE refresh_tokens ADD COLUMN successor_enc text']),
  down: (db: Kysely<any>) => runStatements(db, ['ALTER TABLE refresh_tokens DROP COLUMN successor_enc']),
};
