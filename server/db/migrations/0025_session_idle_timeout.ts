/**
 * The organisation's idle time-out (issue 27 §2): a session without "Lembrar de mim" lives while
 * its tab is in use and ends this many minutes after the last use (identity/sessions.ts). Edited
 * by the admin on /configuracoes/configuracoes; 30 minutes unless changed.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

export default {
  up: (db: Kysely<any>) =>
    runStatements(db, [
      'ALTER TABLE org_settings ADD COLUMN session_idle_minutes integer NOT NULL DEFAULT 30 CONSTRAINT org_settings_session_idle_minutes_range CHECK (session_idle_minutes BETWEEN 5 AND 720)',
    ]),
  down: (db: Kysely<any>) => runStatements(db, ['ALTER TABLE org_settings DROP COLUMN session_idle_minutes']),
};
