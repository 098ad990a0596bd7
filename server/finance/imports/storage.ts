/**
 * Storage of `importBatches` (`import_batches`) for the registry plugin: list, get, update (the
 * description), delete and exports are generic; the multipart upload that creates a batch and
 * the mapping, run and error-report endpoints are finance/imports/routes.ts (`ownCreate`).
 * Counters, status, columns and mapping are the server's. Deleting the history of a batch keeps
 * the records it imported; a running batch cannot be deleted.
 */
import { importBatches } from '../../../src/contracts/resources/index.js';
import { HttpError } from '../../errors.js';
import { declaredStorage } from '../../registry/declared.js';

export const IMPORT_BATCHES_TABLE = 'import_batches';

export const importBatchesStorage = declaredStorage(importBatches, IMPORT_BATCHES_TABLE, {
  ownCreate: true,
  async beforeDelete(_trx, _call, before) {
    if (before.status === 'running') throw new HttpError(409, 'Esta importação está em andamento e não pode ser excluída agora.');
  },
});
