/**
 * BI summaries (issue 26): a parcela's status change refreshes its facts only when it crosses
 * 'cancelled' — the only status the facts read (`bi_facts`: `status <> 'cancelled'`). Queued →
 * authorised → em remessa, an approval's release, a return to the queue, changed nothing in the
 * summaries, yet each refreshed the parcela's facts (bench/bulk-authorize.ts: the refresh was most
 * of PostgreSQL's CPU per authorisation). The other watched columns stay as migration 0042 has them.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';
import { changed, trigger, TRIGGERS } from './0042_bi_write_overhead.js';

const WATCHED = ['amount', 'paid_amount', 'due_date', 'bank_account_id', 'direction', 'entry_id'];
const CANCELLED_CROSSED = `(o.status = 'cancelled') IS DISTINCT FROM (n.status = 'cancelled')`;

const up = [trigger('bi_installments_updated', `SELECT n.org_id, n.id FROM n JOIN o ON o.id = n.id WHERE ${changed(WATCHED)} OR ${CANCELLED_CROSSED}`)];
const down = [TRIGGERS.find((statement) => statement.includes('FUNCTION bi_installments_updated()'))!];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
