/**
 * GET /v1/commons/search?q= (contracts/search.ts): the records of every served declaration the
 * caller may read that has search fields, a few of each, as the list's own search finds them
 * (registry query `q`, the same tenant and "only my own" rules as the list route). Nested
 * declarations and those of the SystemOwner are not searched.
 */
import type { FastifyInstance } from 'fastify';
import { ownershipOf, recordName, type AnyResource } from '../../src/contracts/resource.js';
import { SEARCH_PER_RESOURCE, searchEndpoint, searchWorthy, type SearchHit } from '../../src/contracts/search.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { serveEndpoint } from '../http/endpoint.js';
import { scopeSubject } from '../identity/guard.js';
import { hasScope, heldScopes } from '../identity/users.js';
import { servedResources, storageOf } from '../registry/families.js';
import { parseListQuery } from '../registry/query.js';
import { listRecords } from '../registry/records.js';

const searchable = (resource: AnyResource) =>
  (resource.list?.searchFields.length ?? 0) > 0 && !resource.parent && !resource.systemOwnerOnly && resource.kind !== 'singleton' && !resource.route.base.includes('{') && Boolean(resource.route.idParam);

export function searchRoutes(ctx: AppContext) {
  const resources = servedResources().filter(searchable);
  return async (app: FastifyInstance) => {
    serveEndpoint(app, searchEndpoint, { onRequest: app.requireAccess, tags: ['Busca'] }, async (request) => {
      const q = (request.query as { q: string }).q.trim();
      const auth = request.auth!;
      const user = scopeSubject(auth);
      // Who reads what: every record, only their own (ownership without the read scope), or nothing.
      const readable: { resource: AnyResource; ownOnly: boolean }[] = [];
      for (const resource of resources) {
        const held = await heldScopes(ctx.db, user, resource.permission);
        if (held === 'all' || held.has('read')) readable.push({ resource, ownOnly: false });
        else {
          const ownership = ownershipOf(resource);
          if (ownership && (ownership.permission === resource.permission ? held.has('create') : await hasScope(ctx.db, user, ownership.permission, 'create'))) readable.push({ resource, ownOnly: true });
        }
      }
      if (!searchWorthy(q) || !readable.length) return [];
      // Views of one table (Fornecedor, Cliente over Cadastros): the view first, and each record once,
      // under the kinds it has ("Cliente · Fornecedor"), opening the first view's page.
      readable.sort((a, b) => Number(Boolean(storageOf(b.resource)!.filter)) - Number(Boolean(storageOf(a.resource)!.filter)));
      return withTenant(ctx.tenantDb, auth.orgId, async (trx) => {
        const hits: SearchHit[] = [];
        const seen = new Map<string, SearchHit>();
        for (const { resource, ownOnly } of readable) {
          const storage = storageOf(resource)!;
          const service = ctx.records(resource.name);
          const call = service.makeCall(auth, { request, ownOnly });
          const parsed = parseListQuery(resource, storage, { q, page: '1', perPage: String(SEARCH_PER_RESOURCE) });
          const rows = await listRecords(trx, call, storage, parsed, { limit: SEARCH_PER_RESOURCE, offset: 0 });
          for (const row of rows) {
            const key = `${storage.table}:${String(row.id)}`;
            const earlier = seen.get(key);
            if (earlier) {
              if (storage.filter) earlier.kind = `${earlier.kind} · ${resource.labels.one}`;
              continue;
            }
            const hit: SearchHit = {
              resource: resource.name,
              id: String(row.id),
              title: recordName(resource, row[resource.titleField]) || resource.labels.one,
              kind: resource.labels.one,
              path: `${resource.route.base}/${encodeURIComponent(String(row.id))}`,
            };
            seen.set(key, hit);
            hits.push(hit);
          }
        }
        return hits;
      });
    });
  };
}
