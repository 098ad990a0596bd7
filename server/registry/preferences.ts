/**
 * `GET|PUT {list path}/preferences[?list=<name>]`: the caller's columns and saved filters for one
 * list (src/contracts/listPreferences.ts), one row per user and list in `list_preferences`
 * (migration 0017). The list is the declaration's own (key: its name, as rows written before
 * named lists) or one of its `list.named` (key `name/list`: a finance queue keeps its own).
 * Whoever may read the list may keep their own choices; nobody reads another's.
 */
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { LIST_PARAM, listKey, NO_PREFERENCES, type ListPreferences } from '../../src/contracts/listPreferences.js';
import { listPreferencesSchema } from '../../src/contracts/listPreferenceSchemas.js';
import type { AnyResource } from '../../src/contracts/resource.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { HttpError, MESSAGES, type FieldErrors } from '../errors.js';

const BEARER = [{ bearerAuth: [] }];

/** Columns of the declaration only, each once; saved filters with distinct names. */
function check(resource: AnyResource, body: ListPreferences): FieldErrors {
  const errors: FieldErrors = {};
  const declared = new Set((resource.list?.columns ?? []).map((column) => column.field));
  if (body.columns) {
    const unknown = body.columns.filter((field) => !declared.has(field));
    if (unknown.length) errors.columns = [`Coluna desconhecida: ${unknown.join(', ')}.`];
    else if (new Set(body.columns).size !== body.columns.length) errors.columns = ['Cada coluna aparece uma vez.'];
  }
  const names = body.filters.map((filter) => filter.name.toLocaleLowerCase('pt-BR'));
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) errors.filters = [`Já existe um filtro chamado "${body.filters[names.indexOf(repeated)].name}".`];
  return errors;
}

export function registerListPreferences(app: FastifyInstance, ctx: AppContext, resource: AnyResource, url: string, hooks: preValidationHookHandler[]) {
  const common = { onRequest: app.requireAccess, preValidation: hooks };
  const tags = [resource.labels.many];
  const named = resource.list?.named ?? [];
  // Only the declared lists: an unknown name is a 400, not a new row.
  const querystring = z.strictObject(named.length ? { [LIST_PARAM]: z.optional(z.enum(named as [string, ...string[]])) } : {});
  const keyOf = (request: { query: unknown }) => listKey(resource.name, (request.query as { list?: string } | undefined)?.list);
  const read = async (trx: Parameters<Parameters<typeof withTenant>[2]>[0], userId: string, key: string): Promise<ListPreferences> => {
    const { rows } = await sql<{ columns: string[] | null; filters: ListPreferences['filters'] }>`
      SELECT columns, filters FROM list_preferences WHERE user_id = ${userId} AND list_key = ${key}`.execute(trx);
    return rows[0] ? { columns: rows[0].columns ?? null, filters: rows[0].filters ?? [] } : NO_PREFERENCES;
  };

  app.get(url, { ...common, schema: { tags, summary: `${resource.labels.many}: colunas e filtros salvos do usuário`, security: BEARER, querystring, response: { 200: listPreferencesSchema } } }, async (request) => {
    const auth = request.auth!;
    return withTenant(ctx.tenantDb, auth.orgId, (trx) => read(trx, auth.userId, keyOf(request)));
  });

  app.put(url, { ...common, schema: { tags, summary: `${resource.labels.many}: guarda as colunas e os filtros do usuário`, security: BEARER, querystring, body: listPreferencesSchema, response: { 200: listPreferencesSchema } } }, async (request) => {
    const auth = request.auth!;
    const key = keyOf(request);
    const body = request.body as ListPreferences;
    const errors = check(resource, body);
    if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
    return withTenant(ctx.tenantDb, auth.orgId, async (trx) => {
      await sql`
        INSERT INTO list_preferences (org_id, user_id, list_key, columns, filters, updated_at)
        VALUES (${auth.orgId}, ${auth.userId}, ${key}, ${body.columns === null ? null : JSON.stringify(body.columns)}::jsonb, ${JSON.stringify(body.filters)}::jsonb, now())
        ON CONFLICT (user_id, list_key) DO UPDATE SET columns = EXCLUDED.columns, filters = EXCLUDED.filters, updated_at = now()`.execute(trx);
      return read(trx, auth.userId, key);
    });
  });
}

