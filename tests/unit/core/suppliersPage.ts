/** The suppliers' first page that the render-while-fetching tests prime and show, and its answer. */
import { act } from 'react';
import { findResource } from '../../../src/contracts/resources';
import { apiQuery, readListState } from '../../../src/core/resources/query';
import { jsonResponse } from './helpers';

/** Lets timers and promises settle inside act (a few turns of the event loop). */
export const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

export const resource = findResource('suppliers')!;
export const state = readListState(resource, new URLSearchParams());
/** The list's `JSON.stringify(apiQuery(state))`: the prime's key. */
export const query = JSON.stringify(apiQuery(state));

/** One supplier, as the API answers a page. */
export const supplierPage = () => jsonResponse([{ id: 's1', version: 1, name: 'Fornecedor Um' }], { headers: { 'x-total-count': '1' } });
