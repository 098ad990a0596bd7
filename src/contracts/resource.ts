/**
 * The resource registry (ARCHITECTURE "the spine"): the TYPE of a resource declaration and the
 * HTTP conventions every generic CRUD route follows. Data only — no React, no SQL. The client
 * derives list/show/form screens from a declaration; the server derives routes, tables,
 * validation, permission checks, paging, sorting, filtering and search from the same object.
 *
 * ## HTTP conventions (relative to the family's base URL, e.g. `/v1/identity`)
 * | Call | Request | Answer |
 * |---|---|---|
 * | list | `GET /{path}?page=1&perPage=25&sort=-createdAt&q=ana&{filters}` | 200, JSON array of records; headers `Link` (first/prev/next/last, each keeping every other query parameter, with its `page`) and `X-Total-Count`; over `COUNT_CAP` matches the count stops: no `X-Total-Count` and no `last`, `X-Total-Count-Over: 10000` instead |
 * | get | `GET /{path}/{id}` | 200 record; 404 when absent or outside the caller's tenant |
 * | create | `POST /{path}` body = writable fields | 201 record, header `Location` |
 * | update | `PUT /{path}/{id}` body = every writable field (full replace; `null` clears an optional one), header `If-Match: "<version>"` | 200 record (version + 1); 412 stale (`StaleBody`, with the current record); 428 no If-Match |
 * | delete | `DELETE /{path}/{id}` (optional `If-Match`) | 204 |
 * | bulk action | `POST /{path}/bulk/{action}` body `{ids: string[]}` | 200 `BulkResult` |
 * | row action | `POST /{path}/{id}/actions/{action}` | 200 record |
 * | export | `GET /{path}/export.csv` or `/export.xlsx` with the list's `sort`, `q` and filters (no paging) | 200 file, `Content-Disposition: attachment` |
 * | singleton | `GET /{path}` and `PUT /{path}` with If-Match (no list/create/delete) | as get/update |
 *
 * Filters are PLAIN field parameters (no `filter[...]` wrapper), arrays repeated:
 * - enum, reference, references, tree: `accessLevel=Admin&accessLevel=User` (any of);
 * - boolean: `isActive=true|false`;
 * - text, email and document fields: `name=ana` (case-insensitive "contains"; documents compare unmasked);
 * - integer, money, percent, date, datetime: `{field}.from` and/or `{field}.to` (inclusive), e.g.
 *   `createdAt.from=2025-01-01&createdAt.to=2025-01-31` (money in centavos, percent in basis
 *   points; a datetime bound may be a date, meaning that whole day in Brasília time, or an instant).
 * `q` searches the declaration's `searchFields` (case-insensitive "contains", OR). `sort` is a
 * comma-separated list of list fields, `-` for descending (`sort=-createdAt,name`); unknown
 * fields, filters or sort keys are 400 with `errors`. Reserved names (`RESERVED_PARAMS`) are
 * never field names.
 *
 * Reads (list and get) carry `_refs` with the labels of referenced records (`REFS_KEY`); writes
 * never do. Nested resources (`parent`) live under the parent's path; `applications/current/…`
 * names the caller's own application.
 *
 * Errors are `ErrorBody` (identity.ts): `{message, errors?: {field: [messages]}, detail?}`;
 * nested field errors use dotted paths (`statements.0.scopes`). 400 validation, 403 missing
 * scope, 404 unknown id, 409 duplicate/forbidden transition, 412 stale version, 428 missing If-Match.
 *
 * Wire values per field type: see `FIELD_TYPES` below. A declaration file states each field once
 * with a builder of `./fields` and calls `defineResource` (`./define`), which derives `schema`
 * and `fields` below.
 */
import type * as z from 'zod/mini';
import type { FileType } from './files';
import { ACTIONS_KEY, type AnyWorkflow, type Tone } from './workflow';
import type { RefLabel } from './resourceSchemas';

export type { BulkRequest, BulkResult, ListQuery, RefLabel, TotalsResult } from './resourceSchemas';

// ---------------------------------------------------------------- field types

/**
 * Closed set of field types. Wire value of each:
 * - `text`, `longText`, `email`, `richText` (sanitised HTML): string;
 * - `integer`: integer; `money`: integer centavos; `percent`: integer basis points (12,34% = 1234);
 * - `date`: `YYYY-MM-DD`; `datetime`: ISO 8601 instant with offset;
 * - `boolean`; `enum`: one of `options`;
 * - `reference`, `tree` (parent in the same resource): id string; `references`: id string[];
 * - `cpf` (11 digits), `cnpj` (14 chars, 12 alphanumeric + 2 digits, upper case), `cpfCnpj`
 *   (either), `cep` (8 digits), `phone` (10 or 11 digits with DDD): UNMASKED strings;
 * - `pixKey`: a PIX key in its canonical DICT form (see `brazil/pix.ts`); `uf`: one of the 27
 *   UF codes (`SP`); `city`: 7-digit IBGE municipality code (`3550308`);
 * - `scopes`: string[] from `SCOPES`;
 * - `file`: id of a stored file (files.ts: uploaded in 64 KB parts), of the `accept` types;
 * - `list`: array of objects whose fields are declared in `of` (scalar types only).
 */
export const FIELD_TYPES = [
  'text', 'longText', 'integer', 'money', 'percent', 'date', 'datetime', 'boolean', 'enum',
  'reference', 'references', 'cpf', 'cnpj', 'cpfCnpj', 'cep', 'phone', 'email', 'tree',
  'scopes', 'richText', 'file', 'list', 'pixKey', 'uf', 'city',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Scopes a policy grants on a resource or ACL (spec §6). */
export const SCOPES = ['create', 'read', 'update', 'delete', 'approve', 'export'] as const;
export type Scope = (typeof SCOPES)[number];

/** API families of app.config.json `apis`. */
export type ApiFamily = 'identity' | 'supply' | 'commons' | 'approvals' | 'cart' | 'companies' | 'pricing' | 'financeReporting' | 'finance';

interface FieldCommon {
  /** pt-BR label; the client's catalogue key `resources.<name>.fields.<field>` overrides it. */
  label: string;
  /** pt-BR help text under the input. */
  help?: string;
  /** Server-managed: shown, never sent nor accepted on write. */
  readOnly?: boolean;
  /** What a new record's form (or a new list item) starts with; default: empty for the type (a list of options for a multiple `enum`). */
  initial?: string | number | boolean | readonly string[];
  /** The input takes the form's whole row (a 47-digit boleto line, a PIX copia e cola). */
  wide?: boolean;
  /** Shown (form and details) only while the sibling `field` holds one of `values`: a parcela's PIX fields while it is paid by PIX. */
  shownWhen?: ShownWhen;
  /**
   * Left out of the details (and of a form, when read-only) while empty: what is set when something
   * happened (who changed the payment data, the bank's occurrences), or one of two ways to say the
   * same (a PIX key, or a copia e cola), where "—" would only be noise. A form's input stays.
   */
  hiddenWhenEmpty?: boolean;
  /**
   * A list item's text field that holds the id of a line of the record its list's record refers to
   * (a faturamento line's ordem line: `{ reference: 'purchaseOrderId', list: 'lines', label:
   * 'description' }`): chosen from those lines, and shown as "1. Papel A4", never as the id.
   */
  lineOf?: LineOf;
  /**
   * Never whole in a log (SECURITY.md, audit): kept in audit entries and history notes as
   * "•••• 1234" (server/registry/audit-mask.ts). `'account'`: always (a bank account number, a PIX
   * copia e cola); `'pixKey'`: when the key is account-like — a random (EVP) key; a CPF, CNPJ,
   * e-mail or phone key is the holder's own contact and stays readable; `'boleto'`: always (a linha
   * digitável or código de barras carries the payee's bank, agency and account in its free field).
   */
  sensitive?: Sensitivity;
}

/** What a log may not keep whole (`FieldCommon.sensitive`). */
export type Sensitivity = 'account' | 'pixKey' | 'boleto';

/** `FieldCommon.lineOf`: the record's reference field, the referenced record's list, and the line's field that names it. */
export interface LineOf {
  reference: string;
  list: string;
  label: string;
}

/** When a field is shown (`FieldCommon.shownWhen`). */
export interface ShownWhen {
  field: string;
  values: readonly string[];
  /** A list item's field that depends on the record holding the list (a queue trigger's conditions on what the queue approves), not on its own item. */
  of?: 'record';
  /**
   * Sent empty while hidden, so a value typed before the choice changed is not kept; the API
   * refuses one filled while hidden, with this message (a queue trigger's condition that could
   * never match).
   */
  emptyWhenHidden?: string;
}

/**
 * Whether a field with `shownWhen` applies: to `values` (its own record, or its list item), or to
 * `record` (the record holding the list) when it depends on that.
 */
export const fieldShown = (def: { label: string; shownWhen?: ShownWhen }, values: Readonly<Record<string, unknown>>, record: Readonly<Record<string, unknown>> = values): boolean =>
  !def.shownWhen || def.shownWhen.values.includes(String((def.shownWhen.of === 'record' ? record : values)[def.shownWhen.field] ?? ''));

export const isFilled = (value: unknown): boolean => value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Whether a field declared `hiddenWhenEmpty` is left out for this value (details, item columns, a read-only form field). */
export const hiddenForEmpty = (def: { hiddenWhenEmpty?: boolean }, value: unknown): boolean => Boolean(def.hiddenWhenEmpty) && !isFilled(value);

/** Fields declared `emptyWhenHidden` that hold a value while hidden (dotted paths for list items), with their messages. */
export function filledWhileHidden(resource: AnyResource, values: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [name, def] of Object.entries(resource.fields)) {
    const value = values[name];
    if (def.shownWhen?.emptyWhenHidden && isFilled(value) && !fieldShown(def, values)) found[name] = [def.shownWhen.emptyWhenHidden];
    else if (def.type === 'list' && Array.isArray(value))
      (value as Record<string, unknown>[]).forEach((item, index) => {
        for (const [sub, subDef] of Object.entries(def.of))
          if (subDef.shownWhen?.emptyWhenHidden && isFilled(item?.[sub]) && !fieldShown(subDef, item, values)) found[`${name}.${index}.${sub}`] = [subDef.shownWhen.emptyWhenHidden];
      });
  }
  return found;
}

/**
 * The sibling type fields a chosen PIX key sets (`pixKey` with `chosenFrom` and `typeField`): the
 * form offers no input of its own for them — the key's choice decides the type — and shows their
 * errors under the key.
 */
export function typesSetByChoice(fields: Readonly<Record<string, { type: string; chosenFrom?: PixKeyChoice; typeField?: string }>>): ReadonlySet<string> {
  return new Set(Object.values(fields).flatMap((def) => (def.type === 'pixKey' && def.chosenFrom && def.typeField ? [def.typeField] : [])));
}

/** Where a chosen PIX key comes from: our receiving account's (`{reference: 'bankAccountId', resource: 'bankAccounts', list: 'pixKeys'}`). */
export interface PixKeyChoice {
  /** Sibling reference field naming the record… */
  reference: string;
  /** …of this resource… */
  resource: string;
  /** …whose `{type, key, isDefault}` list holds the keys offered. */
  list: string;
}

export type PlainFieldType = Exclude<FieldType, 'enum' | 'reference' | 'references' | 'tree' | 'scopes' | 'list' | 'cep' | 'pixKey' | 'city' | 'file'>;

/** Address parts a CEP lookup can fill: the name of the sibling field receiving each. */
export interface CepLookupTargets {
  street?: string;
  district?: string;
  /** A `city` field (receives the IBGE code). */
  city?: string;
  /** A `uf` field. */
  state?: string;
  /** Filled only by a fuller address than a CEP's (a company's, found by its CNPJ). */
  number?: string;
  complement?: string;
}

/**
 * What a company lookup by CNPJ fills (`cnpj` / `cpfCnpj` fields): the sibling field receiving
 * each part, only while it is empty. `addresses` names a `list` of addresses (its item has a
 * `cep` field with `lookup`): the registered address becomes its first item when the list is
 * empty (with the item's fixed `item` values, e.g. `{type: 'main'}`), through the CEP fill's map.
 */
export interface CompanyLookupTargets {
  name?: string;
  tradeName?: string;
  email?: string;
  phone?: string;
  addresses?: { field: string; item?: Readonly<Record<string, string>> };
}

export type ScalarFieldDef =
  | (FieldCommon & {
      type: PlainFieldType;
      /** cpfCnpj: sibling field shown as 'PF' / 'PJ' while the document is typed (the server sets it on write). */
      kindField?: string;
      /** cnpj / cpfCnpj: look the company up by its CNPJ and fill these empty siblings (when app.config.json `apis.companyLookup` is set). */
      companyLookup?: CompanyLookupTargets;
      /** text: digits typed fill this pattern's `#` slots as they come ("112026" → "11/2026" with `##/####`). */
      pattern?: string;
      /** text: what the empty input shows ("mm/aaaa"). */
      placeholder?: string;
      /**
       * date: a warning under the input while the date is after today in São Paulo — a likely typo,
       * not an error: the record saves as typed (a recurring lançamento's next one is dated ahead).
       */
      warnAfterToday?: string;
    })
  | (FieldCommon & {
      type: 'enum';
      options: readonly string[];
      optionLabels: Readonly<Record<string, string>>;
      /** Value is a list of options (string[]) instead of one. */
      multiple?: boolean;
      /** A state column: each option's badge tone (lists and show pages show a badge). */
      tones?: Readonly<Record<string, Tone>>;
    })
  | (FieldCommon & {
      type: 'reference' | 'references';
      /** Name (key in `resources/index.ts`) of the target resource. */
      resource: string;
      /** Path parameters of a nested target (`{applicationId: 'current'}`). */
      params?: Readonly<Record<string, string>>;
    })
  | (FieldCommon & { type: 'tree' })
  | (FieldCommon & { type: 'scopes'; options?: readonly Scope[] })
  | (FieldCommon & {
      type: 'cep';
      /** Offer the postal-code lookup, filling these sibling fields (same record or list item). */
      lookup?: CepLookupTargets;
    })
  | (FieldCommon & {
      type: 'pixKey';
      /** Sibling `enum` field holding the key type (`PIX_KEY_TYPES`): read as that type, set when detected. */
      typeField?: string;
      /** The key is chosen, never typed: one of the `{type, key}` items of the list `list` of the record the sibling `reference` points to. */
      chosenFrom?: PixKeyChoice;
    })
  | (FieldCommon & {
      type: 'file';
      /** Content types the field takes (default: every one of `FILE_TYPES`). */
      accept?: readonly FileType[];
    })
  | (FieldCommon & {
      type: 'city';
      /** Sibling `uf` field whose municipalities are offered. */
      stateField: string;
    });

export type FieldDef =
  | ScalarFieldDef
  | (FieldCommon & {
      type: 'list';
      of: Readonly<Record<string, ScalarFieldDef>>;
      /**
       * Line items with identity: each item has a stable server-made `id` (sent on reads; sent
       * back on save to change that item, left out to add one; items not sent are removed), kept
       * as rows of a child table. A save updates, inserts and deletes by id.
       */
      keyed?: boolean;
      /** pt-BR text of the button that adds an item ("Adicionar item"). */
      addLabel?: string;
    });


// ---------------------------------------------------------------- declaration

/** A list of records born of a record, on its page (`bornRecords`). */
export interface BornRecordsDef {
  resource: string;
  field: string;
  /** The section's heading ("Situação das parcelas"). */
  title: string;
  columns: readonly string[];
  sort: string;
}

export interface ColumnDef<F extends string = string> {
  field: F | 'createdAt' | 'updatedAt' | 'createdBy';
  sortable?: boolean;
  /** CSS width hint (`'192px'`). */
  width?: string;
}

export interface FilterDef<F extends string = string> {
  /** The operator follows the field type (see the module comment). */
  field: F | 'createdAt' | 'updatedAt' | 'createdBy';
}

export interface SectionDef<F extends string = string> {
  /** pt-BR title (`resources.<name>.sections.<key>` overrides it). */
  key: string;
  title: string;
  fields: readonly F[];
}

export interface ActionDef {
  /** URL segment: `bulk/{name}` or `{id}/actions/{name}`; `delete` is the built-in DELETE. */
  name: string;
  /** pt-BR button text. */
  label: string;
  /** Scope required on the resource's permission name. */
  scope: Scope;
  /** Offered on a selection in the list. */
  bulk?: boolean;
  /** Offered on one record (show page). */
  row?: boolean;
  /** Ask before running (pt-BR question). */
  confirm?: string;
  tone?: 'danger';
  /**
   * An action that only sets writable fields to fixed values ("Inativar": `{isActive: false}`):
   * the registry runs it with no handler of the storage, through the same update path as a PUT
   * (row lock, rules, storage hooks, audit). A record that already holds the values is left as
   * it is (no new version, no audit entry) and counts as done.
   */
  set?: Readonly<Record<string, string | boolean>>;
  /**
   * Offered only on a record whose fields hold one of these values ("Ativar" on a conta financeira:
   * its bank data approved). What it offers, not the rule: the server refuses the others, with its reason.
   */
  offeredWhen?: Readonly<Record<string, readonly (string | boolean)[]>>;
}

/** A sub-page under `{id}` (spec: membros, politicas, perfis-ativos, items, acls…). */
export type TabDef<F extends string = string> =
  | { path: string; label: string; field: F }
  | { path: string; label: string; resource: string };

export interface ResourceDeclaration<Shape extends z.core.$ZodShape = z.core.$ZodShape> {
  /** Key in `resources/index.ts`, also the i18n prefix `resources.<name>.…`. */
  name: string;
  api: ApiFamily;
  /** API path relative to the family; nested: `applications/{applicationId}/acls`. */
  path: string;
  /** `singleton`: one record per tenant at `path` (GET/PUT only). Default `collection`. */
  kind?: 'collection' | 'singleton';
  route: {
    /** Portal route base (`/grupos-de-usuario`, `/configuracoes/aplicacoes/{applicationId}/acls`). */
    base: string;
    /** Id parameter of the spec route (`userGroupId`); collections only. */
    idParam?: string;
  };
  /** Permission resource name (camelCase, as app.config.json modules). */
  permission: string;
  /** Only the SystemOwner access level may use it (organizations). */
  systemOwnerOnly?: boolean;
  /** Nested resource: its parent's name and the path parameter naming it. */
  parent?: { resource: string; param: string };
  labels: {
    one: string;
    many: string;
    /** Grammatical gender for "Novo/Nova …", "Nenhum/Nenhuma …". */
    gender: 'm' | 'f';
  };
  /** Field that names a record (references, titles, the show header). */
  titleField: keyof Shape & string;
  /**
   * The record's own fields (without the base fields `id`, `version`, `createdAt`, `updatedAt`),
   * as a `z.object({...})` derived from the field builders. Only its `shape` is used: rules that
   * span several fields belong to the server.
   */
  schema: z.core.$ZodType & { readonly shape: Shape };
  fields: { readonly [K in keyof Shape & string]: FieldDef };
  list?: {
    columns: readonly ColumnDef<keyof Shape & string>[];
    /** `name` or `-createdAt`. */
    defaultSort: string;
    searchFields: readonly (keyof Shape & string)[];
    filters?: readonly FilterDef<keyof Shape & string>[];
    /** Default `DEFAULT_PER_PAGE`. */
    perPage?: number;
    /**
     * Totals of the filtered rows (`GET {path}/totals`, the list's footer): sums of these money
     * fields, also grouped by each of `groupBy` (a due date, a bank account).
     */
    totals?: { sum: readonly (keyof Shape & string)[]; groupBy?: readonly (keyof Shape & string)[] };
    /**
     * Other lists of these records, mounted apart with fixed filters (the finance queues): each
     * keeps its own columns and saved filters per user (`?list=<name>` on `{path}/preferences`);
     * a mount names its list with `list` (src/modules/registry/spec.ts).
     */
    named?: readonly string[];
  };
  form: { sections: readonly SectionDef<keyof Shape & string>[] };
  tabs?: readonly TabDef<keyof Shape & string>[];
  actions?: readonly ActionDef[];
  /**
   * Fields whose values are unique within the tenant (together); a duplicate is a 409 whose
   * `errors` name the first field with `message`.
   */
  unique?: readonly { fields: readonly (keyof Shape & string)[]; message: string }[];
  /**
   * A view over another declaration's records (same table): the rows of `resource` whose fields
   * equal `where`; a record created through the view gets those values, and the view's own
   * fields are a subset of the target's (`customers` = `persons` where `isCustomer` is true).
   */
  viewOf?: { resource: string; where: Readonly<Record<string, string | boolean>> };
  /** States and transitions of the record's status field (workflow.ts). */
  workflow?: AnyWorkflow;
  /**
   * The records are born and removed as the keyed lines of another declaration (a parcela of its
   * lançamento): no create or delete of their own (routes, buttons), only reads, updates of
   * their writable fields and transitions.
   */
  bornOf?: string;
  /**
   * Records born of this one, listed on its page with their own state (a lançamento's parcelas,
   * paid or not): `resource` is born of this declaration (`bornOf`), `field` its reference to
   * this record and a filter of its list, `columns` and `sort` fields of it.
   */
  bornRecords?: readonly BornRecordsDef[];
  /**
   * Who may read which records. `own`: a caller without the `read` scope but with `create` reads
   * (and acts on) only the records they created; everyone may narrow a list with `mine=true`.
   */
  ownership?: Ownership;
  /**
   * Read-only money fields the server computes from the other values on every write (integer
   * centavos); the form runs the same function live. Pure functions of the values only.
   */
  totals?: Readonly<Record<string, (values: Readonly<Record<string, unknown>>) => number>>;
  /**
   * A read-only integer field the server numbers on create, 1, 2, 3… per organisation, from one
   * atomic counter (`sequence`, default the resource's name: a pedido's "nº 42").
   */
  numbering?: { field: string; sequence?: string };
  /**
   * Fields of an existing record that change only through an approved record of `resource` (a
   * conta financeira's bank data, through its "Alteração de dados bancários"): a PUT changing one
   * is a 409 with `note`, and the edit form shows them read-only under `note`. That record's service
   * applies an approved change with a system update (server/registry/service.ts `updateWhere`).
   */
  changedThrough?: { resource: string; fields: readonly (keyof Shape & string)[]; note: string };
  /** A nested record's create form starts with these fields' values read from its parent record. */
  startsFromParent?: readonly (keyof Shape & string)[];
}

/**
 * `own`: records belong to their creator. `{field, permission}`: records belong to the user a
 * field names (a parcela to its requester); a caller without `read` on the resource but with
 * `create` on `permission` reads (and acts on) only the records naming them.
 */
export type Ownership = 'own' | { field: string; permission: string };

/** The field naming a record's owner and the permission whose `create` grants own-only access. */
export function ownershipOf(resource: Pick<AnyResource, 'ownership' | 'permission'>): { field: string; permission: string } | null {
  const ownership = resource.ownership;
  if (!ownership) return null;
  return ownership === 'own' ? { field: 'createdBy', permission: resource.permission } : ownership;
}


/**
 * How a record is named (titles, breadcrumbs, reference labels): its title field's value, or
 * "Ordem de compra nº 42" when that field is a number.
 */
export function recordName(resource: { titleField: string; labels: { one: string }; fields?: Readonly<Record<string, { type: string }>>; numberedTitle?: boolean }, value: unknown): string {
  if (value === null || value === undefined) return '';
  const numbered = resource.numberedTitle ?? resource.fields?.[resource.titleField]?.type === 'integer';
  return numbered ? `${resource.labels.one} nº ${String(value)}` : String(value);
}

/** A declaration of any shape (what generic code receives). */
export type AnyResource = ResourceDeclaration<z.core.$ZodShape>;

/**
 * Its records can be inactivated: a boolean `isActive` that is also a list filter. Another record's
 * form then picks among the active ones (`isActive=true`), and the API's create, update and imports
 * refuse a newly chosen inactive one (server/registry/records.ts `ChosenByPerson`).
 */
export const isActivable = (resource: Pick<AnyResource, 'fields' | 'list'>): boolean =>
  resource.fields.isActive?.type === 'boolean' && (resource.list?.filters?.some((filter) => filter.field === 'isActive') ?? false);

// ---------------------------------------------------------------- list query

export const DEFAULT_PER_PAGE = 25;
/**
 * Lists stop counting past this many matches (`X-Total-Count-Over`): an exact count reads every
 * match, and "Ltda" matches nearly every supplier of a large organisation.
 */
export const COUNT_CAP = 10_000;
export const MAX_PER_PAGE = 100;
/** Reference selects load this many options per step (spec §9). */
export const REFERENCE_PAGE_SIZE = 10;
/** Query names that are never filters. */
export const RESERVED_PARAMS = ['page', 'perPage', 'sort', 'q', 'mine'] as const;
/** `mine=true`: only the records the caller created. */
export const MINE_PARAM = 'mine';
export const RANGE_FROM = '.from';
export const RANGE_TO = '.to';


/** `-createdAt,name` → `[{field:'createdAt', desc:true}, {field:'name', desc:false}]`. */
export function parseSort(sort: string | undefined | null): { field: string; desc: boolean }[] {
  return (sort ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.startsWith('-') ? { field: s.slice(1), desc: true } : { field: s, desc: false }));
}

/** Which filter operator a field type takes. */
export function filterKind(type: FieldType): 'any' | 'boolean' | 'contains' | 'range' | 'none' {
  switch (type) {
    case 'enum':
    case 'reference':
    case 'references':
    case 'tree':
    case 'scopes':
    case 'uf':
    case 'city':
      return 'any';
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'money':
    case 'percent':
    case 'date':
    case 'datetime':
      return 'range';
    case 'list':
    case 'file':
    case 'richText':
      return 'none';
    default:
      return 'contains';
  }
}

// ---------------------------------------------------------------- records and bodies

export const BASE_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;

/** Labels of the base fields (columns, filters and the show page may use them). */
export const BASE_FIELD_DEFS: Readonly<Record<'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy', FieldDef>> = {
  createdAt: { type: 'datetime', label: 'Criado em', readOnly: true },
  updatedAt: { type: 'datetime', label: 'Atualizado em', readOnly: true },
  createdBy: { type: 'reference', label: 'Criado por', resource: 'users', readOnly: true },
  updatedBy: { type: 'reference', label: 'Alterado por', resource: 'users', readOnly: true },
};

/**
 * Display labels of referenced records, sent by the server on every read (list and get):
 * `_refs: {groups: [{id, label}], parentId: [{id, label}]}` (a one-element list for a
 * `reference`/`tree`). A reference inside a `list` item is keyed by its dotted path:
 * `_refs['bankAccounts.0.bankId']`. Never sent on write.
 */
export const REFS_KEY = '_refs';

export type RecordBase = {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy?: string | null;
  updatedBy?: string | null;
  _refs?: Record<string, RefLabel[]>;
  /** Workflow resources: the transitions the caller may run now. */
  _actions?: string[];
};


/** Whether a zod schema accepts a missing value (`optional` in the field builders). */
export const isOptionalSchema = (schema: unknown): boolean => (schema as { _zod?: { optin?: string } } | undefined)?._zod?.optin === 'optional';

/** Whether the declaration lets `field` be left empty. */
export const isOptionalField = (resource: AnyResource, field: string): boolean => isOptionalSchema(resource.schema.shape[field]);

type SchemaDef = { _zod?: { def?: { innerType?: SchemaDef; element?: SchemaDef; shape?: Record<string, unknown> } } };

/** Whether a field of a list's items (`lines`, `unitPrice`) accepts a missing value; true when the list or the field is unknown. */
export function isOptionalItemField(resource: AnyResource, list: string, field: string): boolean {
  let schema = resource.schema.shape[list] as SchemaDef | undefined;
  while (schema?._zod?.def?.innerType) schema = schema._zod.def.innerType;
  const item = schema?._zod?.def?.element?._zod?.def?.shape?.[field];
  return item === undefined || isOptionalSchema(item);
}

/** Names of the writable fields (not readOnly). */
export function writableFields(resource: AnyResource): string[] {
  return Object.keys(resource.fields).filter((name) => !resource.fields[name].readOnly);
}


/** `If-Match` value for a version (a strong entity tag): `"3"`. */
export const ifMatch = (version: number): string => `"${version}"`;
/** The version in an `If-Match` header, or null when malformed. */
export function parseIfMatch(header: string | null | undefined): number | null {
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(header ?? '');
  return match ? Number(match[1]) : null;
}


export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

// ---------------------------------------------------------------- paths

/** Fills `{param}` placeholders of an API path or route; a missing parameter throws. */
export function fillPath(template: string, params: Readonly<Record<string, string | number | undefined>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" in ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** Names of the `{param}` placeholders of a template. */
export function pathParams(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}


