/**
 * What a policy may name (issue 27): a resource of the permission catalogue
 * (src/contracts/permissionCatalogue.ts) or one of the application's additional resources, and a
 * Grupo de Agências of the application. A name is compared as written or in camelCase (spec §6), so
 * `purchase-orders` is `purchaseOrders`; anything else is a 400 naming the entry, with the
 * catalogue's resource whose title matches when there is one ("pedidos" → orders).
 */
import { PERMISSIONS } from '../../src/contracts/permissionCatalogue.js';
import { toCamelCase } from '../../src/contracts/permissions.js';
import { fold } from '../../src/contracts/brazil/text.js';
import { HttpError, MESSAGES, type FieldErrors } from '../errors.js';
import type { Trx } from '../registry/storage.js';

export interface NamedEntry {
  kind: 'resource' | 'acl';
  name: string;
}

/** The application's additional resources (name → title), outside the catalogue. */
export async function applicationResourceTitles(trx: Trx, applicationId: string): Promise<Map<string, string>> {
  const rows = await trx.selectFrom('application_resources').select(['name', 'title']).where('application_id', '=', applicationId).orderBy('title').execute();
  return new Map(rows.map((row) => [row.name, row.title]));
}

export async function applicationAclTitles(trx: Trx, applicationId: string): Promise<Map<string, string>> {
  const rows = await trx.selectFrom('application_acls').select(['name', 'title']).where('application_id', '=', applicationId).orderBy('title').execute();
  return new Map(rows.map((row) => [row.name, row.title]));
}

const camelSet = (names: Iterable<string>) => new Set([...names].map(toCamelCase));

/** The catalogue's resource a mistyped name probably meant, by its title ("pedidos" → orders). */
function guess(name: string): string {
  const wanted = fold(name);
  if (!wanted) return '';
  const match = [...PERMISSIONS.values()].find((entry) => fold(entry.title) === wanted) ?? [...PERMISSIONS.values()].find((entry) => fold(entry.title).startsWith(wanted));
  return match ? ` Você quis dizer “${match.name}” (${match.title})?` : '';
}

/** Where an entry's error goes: the policy form's line (`statements.0.name`) by default. */
export type ErrorKey = (entry: NamedEntry, index: number) => string;
const statementLine: ErrorKey = (_entry, index) => `statements.${index}.name`;

/** Field errors for every entry naming nothing the application knows; empty when all are known. */
export async function unknownNames(trx: Trx, applicationId: string, entries: readonly NamedEntry[], keyOf: ErrorKey = statementLine): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (entries.length === 0) return errors;
  const resources = camelSet([...PERMISSIONS.keys(), ...(await applicationResourceTitles(trx, applicationId)).keys()]);
  const acls = entries.some((entry) => entry.kind === 'acl') ? camelSet((await applicationAclTitles(trx, applicationId)).keys()) : new Set<string>();
  entries.forEach((entry, index) => {
    const known = entry.kind === 'acl' ? acls : resources;
    if (known.has(toCamelCase(entry.name))) return;
    errors[keyOf(entry, index)] = [
      entry.kind === 'acl'
        ? `Grupo de Agências desconhecido: “${entry.name}”. Use o nome técnico de um dos grupos da aplicação.`
        : `Recurso desconhecido: “${entry.name}”. Use o nome técnico de um recurso do catálogo de permissões ou dos recursos adicionais da aplicação.${guess(entry.name)}`,
    ];
  });
  return errors;
}

/** Throws the 400 of `unknownNames` when there is any. */
export async function assertKnownNames(trx: Trx, applicationId: string, entries: readonly NamedEntry[], keyOf?: ErrorKey): Promise<void> {
  const errors = await unknownNames(trx, applicationId, entries, keyOf);
  if (Object.keys(errors).length > 0) throw new HttpError(400, MESSAGES.validation, errors);
}
