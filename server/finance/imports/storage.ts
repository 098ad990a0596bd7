/**
 * Storage of `importBatches` (`import_batches`) for the registry plugin: list, get, update (the
 * description), delete and exports are generic; the multipart upload that creates a batch and
 * the mapping, run and error-report endpoints are finance/imports/routes.ts (`ownCreate`).
 * Counters, status, columns and mapping are the server's; status changes go through the declared
 * workflow's transitions (contracts/resources/importBatches.ts), whose hooks are here. Deleting the
 * history of a batch keeps the records it imported; a running batch cannot be deleted (`deletable`).
 */
import { sql } from 'kysely';
import { importBatches } from '../../../src/contracts/resources/index.js';
import { declaredStorage } from '../../registry/declared.js';
import { maskFinishedRows } from './retention.js';

export const IMPORT_BATCHES_TABLE = 'import_batches';

export const importBatchesStorage = declaredStorage(importBatches, IMPORT_BATCHES_TABLE, {
  ownCreate: true,
  transitions: {
    /** `input.mapping`: `[{column, field}]`, checked by the route against the file and the target. */
    async mapping(_trx, _call, _before, input) {
      return { values: { mapping: input.mapping } };
    },
    /** Who ran it (the job acts in their name); the first start is kept across resumes. */
    async run(trx, call, before) {
      await sql`UPDATE import_batches SET run_by = ${call.userId} WHERE id = ${before.id} AND org_id = ${call.orgId}`.execute(trx);
      return { values: { startedAt: before.startedAt ?? call.ctx.clock().toISOString(), finishedAt: null, errorMessage: null } };
    },
    /** Done: the stored rows keep no whole bank data (retention.ts); a failed batch keeps them to run again. */
    async finish(trx, call, before) {
      await maskFinishedRows(trx, call.orgId, before.id);
      return { values: { finishedAt: call.ctx.clock().toISOString(), errorMessage: null } };
    },
    /** `input.reason`: the pt-BR message the batch shows. */
    async fail(_trx, call, _before, input) {
      return { values: { finishedAt: call.ctx.clock().toISOString(), errorMessage: input.reason } };
    },
  },
});
