/**
 * What the generated registry routes do beyond their zod schemas, written into /openapi.json
 * (a `transformObject` of @fastify/swagger, so the registry plugin needs no change):
 * - PUT (update): `If-Match` required; 428 without it, 412 (with `current`) when stale;
 * - DELETE and row actions: `If-Match` optional; 412 when it names another version;
 * - workflow transitions: `If-Match` required (428, 412) and 409 from a state they do not leave;
 * - list GETs: the `Link` (first/prev/next/last), `X-Total-Count` and `X-Total-Count-Over` headers.
 * The routes are found by the registry's own route table (`routeTable`) under each family prefix.
 */
import type { AnyResource } from '../../src/contracts/resource.js';
import { MESSAGES } from '../errors.js';
import { FAMILY_PREFIXES, servedResources } from '../registry/families.js';
import { routeTable, type RouteSpec } from '../registry/route-table.js';

type Json = Record<string, any>;

const errorBody: Json = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }, detail: { type: 'string' } },
};
const staleSchema: Json = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' }, detail: { type: 'string' }, current: { type: 'object', additionalProperties: true, description: 'O registro como está agora no servidor.' } },
};

export const IF_MATCH_DESCRIPTION = 'Versão do registro que o cliente leu (campo `version`), como entity tag: `"3"` (também aceito `W/"3"` ou `3`).';

const ifMatch = (required: boolean): Json => ({
  name: 'If-Match',
  in: 'header',
  required,
  description: required ? `${IF_MATCH_DESCRIPTION} Obrigatório.` : `${IF_MATCH_DESCRIPTION} Opcional: quando presente, a operação só acontece se a versão for a atual.`,
  schema: { type: 'string', pattern: '^\\s*(W/)?"?\\d{1,15}"?\\s*$' },
});

const STALE: Json = { description: `Versão desatualizada (If-Match): ${MESSAGES.stale}`, content: { 'application/json': { schema: staleSchema } } };
const IF_MATCH_REQUIRED: Json = { description: `Falta o cabeçalho If-Match: ${MESSAGES.ifMatchRequired}`, content: { 'application/json': { schema: errorBody } } };

export const LIST_HEADERS: Json = {
  Link: {
    description: 'Links de paginação (RFC 8288) com `rel` first, prev, next e last; cada URL leva o parâmetro `page`. Sem `last` quando a contagem passou do limite.',
    schema: { type: 'string' },
  },
  'X-Total-Count': { description: 'Total de registros que atendem aos filtros (ausente quando passa do limite de contagem).', schema: { type: 'integer', minimum: 0 } },
  'X-Total-Count-Over': {
    description: 'Presente no lugar de X-Total-Count quando há mais registros que o limite de contagem (10.000): o valor é o limite.',
    schema: { type: 'integer', minimum: 0 },
  },
};

/** `${METHOD} ${openapi path}` → route spec, for every generated registry route. */
function registryOperations(resources: readonly AnyResource[]): Map<string, RouteSpec> {
  const operations = new Map<string, RouteSpec>();
  for (const resource of resources) {
    for (const spec of routeTable(resource)) operations.set(`${spec.method.toLowerCase()} ${FAMILY_PREFIXES[resource.api]}/${spec.path}`, spec);
  }
  return operations;
}

function addParameter(operation: Json, parameter: Json): void {
  const parameters: Json[] = (operation.parameters ??= []);
  if (!parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'if-match')) parameters.push(parameter);
}

function addResponse(operation: Json, status: string, response: Json): void {
  const responses: Json = (operation.responses ??= {});
  responses[status] = { ...response, ...responses[status], description: response.description };
}

/** Adds what the registry routes answer besides their schemas to an OpenAPI 3 document. */
export function describeRegistryContract(document: Json, resources: readonly AnyResource[] = servedResources()): Json {
  const operations = registryOperations(resources);
  for (const [path, item] of Object.entries((document.paths ?? {}) as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      const spec = operations.get(`${method} ${path}`);
      if (!spec || typeof operation !== 'object') continue;
      switch (spec.kind) {
        case 'update':
        case 'singletonPut':
          addParameter(operation, ifMatch(true));
          addResponse(operation, '412', STALE);
          addResponse(operation, '428', IF_MATCH_REQUIRED);
          break;
        case 'delete':
          addParameter(operation, ifMatch(false));
          addResponse(operation, '412', STALE);
          break;
        case 'action':
          addParameter(operation, ifMatch(false));
          addResponse(operation, '412', STALE);
          break;
        case 'transition':
          addParameter(operation, ifMatch(true));
          addResponse(operation, '409', { description: 'A transição não é permitida na situação atual do registro (mensagem em pt-BR com o motivo).', content: { 'application/json': { schema: errorBody } } });
          addResponse(operation, '412', STALE);
          addResponse(operation, '428', IF_MATCH_REQUIRED);
          break;
        case 'list': {
          const ok = ((operation.responses ??= {})['200'] ??= { description: 'Página de registros.' });
          ok.headers = { ...LIST_HEADERS, ...ok.headers };
          break;
        }
        default:
          break;
      }
    }
  }
  return document;
}
