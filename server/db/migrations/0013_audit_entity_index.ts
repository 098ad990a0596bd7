/**
 * A record's audit trail ("Histórico", `GET {path}/{id}/audit`) is read by entity, newest first:
 * an index for it (audit_log is append-only, so this only grows with it).
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = ['CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, at DESC)'];
const down = ['DROP INDEX audit_log_entity_idx'];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
