/**
 * Tables of the Brazilian registries (issue #4): the companies, finance, supply and cart
 * declarations of src/contracts/resources, and the batch imports.
 *
 * Conventions (server/README.md): `id` text, `org_id` (tenant, row-level security: ENABLE +
 * FORCE + the `tenant_isolation` policy), `version`, `created_at`, `updated_at`; money `bigint`
 * centavos, business dates `date`, `list` fields `jsonb`, multi-value enums `text[]`. Unique
 * constraints per organisation are named `{table}_{fields}_unique` (registry/declared.ts maps
 * them to the declaration's 409 message). Indexes: the tenant + sort columns of every list;
 * trigram (pg_trgm) indexes for the `q` search of persons and products when the extension is
 * available (PGlite loads it; a server without it still works, with sequential scans).
 *
 * Every existing organisation gets the official bank list (COMPE/ISPB, db/seed-registries.ts).
 * Plain SQL, nothing newer than PostgreSQL 15.
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { seedOrganisationBanks } from '../seed-registries.js';
import { runStatements } from './0001_identity.js';

/** Tables of this migration whose rows belong to one organisation (column `org_id`). */
export const REGISTRY_TENANT_TABLES = [
  'persons',
  'company_types',
  'companies',
  'banks',
  'bank_accounts',
  'bank_account_agreements',
  'cost_centers',
  'chart_accounts',
  'accounting_groups',
  'ledger_accounts',
  'expense_categories',
  'revenue_categories',
  'departments',
  'company_bills',
  'product_categories',
  'products',
  'import_batches',
  'import_batch_errors',
] as const;

const BASE = `id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id)`;
const TAIL = `version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()`;

/** code/name tree columns (cost centres, chart of accounts, categories). */
const TREE = (table: string) => `code text NOT NULL,
    name text NOT NULL,
    parent_id text REFERENCES ${table}(id),
    is_active boolean NOT NULL DEFAULT true,
    description text`;

const DRE = `dre_line text NOT NULL CHECK (dre_line IN ('grossRevenue', 'deductions', 'costs', 'operatingExpenses', 'financialResult', 'incomeTax'))`;

const schema = [
  // ------------------------------------------------------------ companies family
  `CREATE TABLE persons (
    ${BASE},
    document text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('PF', 'PJ')),
    name text NOT NULL,
    trade_name text,
    is_customer boolean NOT NULL DEFAULT false,
    is_supplier boolean NOT NULL DEFAULT false,
    state_registration text,
    state_registration_uf text,
    municipal_registration text,
    email text,
    phone text,
    is_active boolean NOT NULL DEFAULT true,
    contacts jsonb NOT NULL DEFAULT '[]'::jsonb,
    addresses jsonb NOT NULL DEFAULT '[]'::jsonb,
    bank_accounts jsonb NOT NULL DEFAULT '[]'::jsonb,
    pix_keys jsonb NOT NULL DEFAULT '[]'::jsonb,
    notes text,
    ${TAIL},
    CONSTRAINT persons_document_unique UNIQUE (org_id, document)
  )`,
  `CREATE INDEX persons_org_name_idx ON persons (org_id, lower(name), id)`,
  `CREATE INDEX persons_suppliers_name_idx ON persons (org_id, lower(name), id) WHERE is_supplier`,
  `CREATE INDEX persons_customers_name_idx ON persons (org_id, lower(name), id) WHERE is_customer`,
  `CREATE INDEX persons_org_created_idx ON persons (org_id, created_at)`,
  `CREATE TABLE company_types (
    ${BASE},
    name text NOT NULL,
    description text,
    position integer,
    is_active boolean NOT NULL DEFAULT true,
    ${TAIL}
  )`,
  `CREATE UNIQUE INDEX company_types_name_unique ON company_types (org_id, lower(name))`,
  `CREATE TABLE companies (
    ${BASE},
    company_type_id text NOT NULL REFERENCES company_types(id),
    name text NOT NULL,
    trade_name text,
    cnpj text NOT NULL,
    state_registration text,
    state_registration_uf text,
    municipal_registration text,
    email text,
    phone text,
    is_active boolean NOT NULL DEFAULT true,
    addresses jsonb NOT NULL DEFAULT '[]'::jsonb,
    contacts jsonb NOT NULL DEFAULT '[]'::jsonb,
    ${TAIL},
    CONSTRAINT companies_cnpj_unique UNIQUE (org_id, cnpj)
  )`,
  `CREATE INDEX companies_type_name_idx ON companies (company_type_id, lower(name))`,

  // ------------------------------------------------------------ finance family
  `CREATE TABLE banks (
    ${BASE},
    code text NOT NULL,
    ispb text NOT NULL,
    name text NOT NULL,
    short_name text,
    is_active boolean NOT NULL DEFAULT true,
    ${TAIL},
    CONSTRAINT banks_code_unique UNIQUE (org_id, code)
  )`,
  `CREATE TABLE bank_accounts (
    ${BASE},
    name text NOT NULL,
    type text NOT NULL CHECK (type IN ('checking', 'savings', 'investment', 'cash')),
    bank_id text REFERENCES banks(id),
    agency text,
    agency_digit text,
    account text,
    account_digit text,
    holder_name text NOT NULL,
    holder_document text NOT NULL,
    opening_balance bigint NOT NULL DEFAULT 0,
    opening_balance_date date NOT NULL,
    is_active boolean NOT NULL DEFAULT true,
    notes text,
    ${TAIL}
  )`,
  `CREATE INDEX bank_accounts_org_name_idx ON bank_accounts (org_id, lower(name))`,
  `CREATE INDEX bank_accounts_bank_idx ON bank_accounts (bank_id)`,
  `CREATE TABLE bank_account_agreements (
    ${BASE},
    bank_account_id text NOT NULL REFERENCES bank_accounts(id),
    name text NOT NULL,
    agreement_code text NOT NULL,
    layout text NOT NULL,
    services text[] NOT NULL DEFAULT ARRAY[]::text[],
    next_file_sequence integer NOT NULL DEFAULT 1 CHECK (next_file_sequence >= 1),
    is_active boolean NOT NULL DEFAULT true,
    notes text,
    ${TAIL},
    CONSTRAINT bank_account_agreements_agreement_code_unique UNIQUE (bank_account_id, agreement_code)
  )`,
  `CREATE TABLE cost_centers (
    ${BASE},
    ${TREE('cost_centers')},
    ${TAIL},
    CONSTRAINT cost_centers_code_unique UNIQUE (org_id, code)
  )`,
  `CREATE INDEX cost_centers_parent_idx ON cost_centers (parent_id)`,
  `CREATE TABLE chart_accounts (
    ${BASE},
    ${TREE('chart_accounts')},
    nature text NOT NULL CHECK (nature IN ('asset', 'liability', 'equity', 'revenue', 'expense')),
    accepts_entries boolean NOT NULL DEFAULT false,
    ${TAIL},
    CONSTRAINT chart_accounts_code_unique UNIQUE (org_id, code)
  )`,
  `CREATE INDEX chart_accounts_parent_idx ON chart_accounts (parent_id)`,
  `CREATE TABLE accounting_groups (
    ${BASE},
    code text NOT NULL,
    name text NOT NULL,
    description text,
    is_active boolean NOT NULL DEFAULT true,
    ${TAIL},
    CONSTRAINT accounting_groups_code_unique UNIQUE (org_id, code)
  )`,
  `CREATE TABLE ledger_accounts (
    ${BASE},
    code text NOT NULL,
    name text NOT NULL,
    nature text NOT NULL CHECK (nature IN ('asset', 'liability', 'equity', 'revenue', 'expense')),
    chart_account_id text REFERENCES chart_accounts(id),
    accounting_group_id text REFERENCES accounting_groups(id),
    external_code text,
    is_active boolean NOT NULL DEFAULT true,
    description text,
    ${TAIL},
    CONSTRAINT ledger_accounts_code_unique UNIQUE (org_id, code)
  )`,
  `CREATE INDEX ledger_accounts_chart_idx ON ledger_accounts (chart_account_id)`,
  `CREATE INDEX ledger_accounts_group_idx ON ledger_accounts (accounting_group_id)`,
  `CREATE TABLE expense_categories (
    ${BASE},
    ${TREE('expense_categories')},
    ${DRE},
    ledger_account_id text REFERENCES ledger_accounts(id),
    ${TAIL},
    CONSTRAINT expense_categories_code_unique UNIQUE (org_id, code)
  )`,
  `CREATE INDEX expense_categories_parent_idx ON expense_categories (parent_id)`,
  `CREATE TABLE revenue_categories (
    ${BASE},
    ${TREE('revenue_categories')},
    ${DRE},
    ledger_account_id text REFERENCES ledger_accounts(id),
    ${TAIL},
    CONSTRAINT revenue_categories_code_unique UNIQUE (org_id, code)
  )`,
  `CREATE INDEX revenue_categories_parent_idx ON revenue_categories (parent_id)`,
  `CREATE TABLE departments (
    ${BASE},
    code text NOT NULL,
    name text NOT NULL,
    manager_id text REFERENCES users(id) ON DELETE SET NULL,
    cost_center_id text REFERENCES cost_centers(id),
    is_active boolean NOT NULL DEFAULT true,
    description text,
    ${TAIL},
    CONSTRAINT departments_code_unique UNIQUE (org_id, code)
  )`,
  `CREATE INDEX departments_org_name_idx ON departments (org_id, lower(name))`,
  `CREATE TABLE company_bills (
    ${BASE},
    description text NOT NULL,
    supplier_id text NOT NULL REFERENCES persons(id),
    number text,
    reference_month text NOT NULL,
    closing_date date NOT NULL,
    due_date date NOT NULL,
    amount bigint NOT NULL,
    bank_account_id text REFERENCES bank_accounts(id),
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'paid', 'cancelled')),
    notes text,
    ${TAIL}
  )`,
  `CREATE INDEX company_bills_org_due_idx ON company_bills (org_id, due_date DESC)`,
  `CREATE INDEX company_bills_supplier_idx ON company_bills (supplier_id)`,
  `CREATE INDEX company_bills_bank_account_idx ON company_bills (bank_account_id)`,

  // ------------------------------------------------------------ supply and cart families
  `CREATE TABLE product_categories (
    ${BASE},
    name text NOT NULL,
    slug text NOT NULL,
    parent_id text REFERENCES product_categories(id),
    position integer,
    is_active boolean NOT NULL DEFAULT true,
    description text,
    ${TAIL}
  )`,
  // Unique among siblings (a NULL parent is the root level).
  `CREATE UNIQUE INDEX product_categories_parent_id_slug_unique ON product_categories (org_id, coalesce(parent_id, ''), slug)`,
  `CREATE INDEX product_categories_parent_idx ON product_categories (parent_id)`,
  `CREATE INDEX product_categories_org_name_idx ON product_categories (org_id, lower(name))`,
  `CREATE TABLE products (
    ${BASE},
    name text NOT NULL,
    sku text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('product', 'service')),
    category_id text REFERENCES product_categories(id),
    brand text,
    unit text NOT NULL,
    price bigint NOT NULL,
    barcode text,
    ncm text,
    is_active boolean NOT NULL DEFAULT true,
    description text,
    media jsonb NOT NULL DEFAULT '[]'::jsonb,
    variants jsonb NOT NULL DEFAULT '[]'::jsonb,
    ${TAIL},
    CONSTRAINT products_sku_unique UNIQUE (org_id, sku)
  )`,
  `CREATE INDEX products_org_name_idx ON products (org_id, lower(name), id)`,
  `CREATE INDEX products_category_idx ON products (category_id)`,

  // ------------------------------------------------------------ batch imports
  // `rows` holds the file as read (header apart): an array of string arrays, never sent by the
  // generic routes. `processed` is also the resume point of the job (rows are done in order);
  // `locked_by` / `locked_until` are the lease of the worker running it.
  `CREATE TABLE import_batches (
    ${BASE},
    resource_type text NOT NULL,
    file_name text NOT NULL,
    file_id text,
    file_kind text NOT NULL CHECK (file_kind IN ('csv', 'xlsx')),
    file_size integer NOT NULL DEFAULT 0,
    description text,
    status text NOT NULL DEFAULT 'uploaded' CHECK (status IN ('uploaded', 'mapped', 'running', 'done', 'failed')),
    total integer NOT NULL DEFAULT 0,
    processed integer NOT NULL DEFAULT 0,
    created integer NOT NULL DEFAULT 0,
    updated integer NOT NULL DEFAULT 0,
    failed integer NOT NULL DEFAULT 0,
    columns jsonb NOT NULL DEFAULT '[]'::jsonb,
    mapping jsonb NOT NULL DEFAULT '[]'::jsonb,
    rows jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_by text,
    run_by text,
    started_at timestamptz,
    finished_at timestamptz,
    error_message text,
    locked_by text,
    locked_until timestamptz,
    ${TAIL}
  )`,
  `CREATE INDEX import_batches_org_created_idx ON import_batches (org_id, created_at DESC)`,
  `CREATE INDEX import_batches_running_idx ON import_batches (locked_until) WHERE status = 'running'`,
  `CREATE TABLE import_batch_errors (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    batch_id text NOT NULL REFERENCES import_batches(id) ON DELETE CASCADE,
    line integer NOT NULL,
    field text NOT NULL,
    message text NOT NULL
  )`,
  `CREATE INDEX import_batch_errors_batch_idx ON import_batch_errors (batch_id, line)`,
];

/**
 * pg_trgm when the server has it (CI's PostgreSQL 15 and PGlite do); nothing fails without it.
 *
 * Row-level security and `ILIKE`: a policy is a security barrier, and a condition whose operator
 * is not LEAKPROOF may not run before it — so without the step below the planner can never use
 * a trigram index for `name ILIKE '%ana%'` on a tenant table and scans every row of the tenant
 * (74 ms instead of 5 ms for 100,000 persons on PostgreSQL 15; seconds on PGlite). `texticlike`
 * (the `~~*` operator) raises an error only for a malformed PATTERN (one ending in the escape
 * character); the app always binds the pattern as a parameter built by query.ts (escaped), never
 * a column, so marking it LEAKPROOF reveals nothing of rows the policy hides. Only a superuser
 * may mark it (CI, PGlite); elsewhere a NOTICE is raised and searches stay correct, only slower
 * (server/README.md says how to apply it once).
 */
const trigram = [
  `DO $$
   BEGIN
     IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
       CREATE EXTENSION IF NOT EXISTS pg_trgm;
     END IF;
   EXCEPTION WHEN OTHERS THEN
     RAISE NOTICE 'pg_trgm not installed: list searches use sequential scans';
   END
   $$`,
  `DO $$
   BEGIN
     IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
       EXECUTE 'CREATE INDEX persons_name_trgm ON persons USING gin (name gin_trgm_ops)';
       EXECUTE 'CREATE INDEX persons_trade_name_trgm ON persons USING gin (trade_name gin_trgm_ops)';
       EXECUTE 'CREATE INDEX persons_document_trgm ON persons USING gin (document gin_trgm_ops)';
       EXECUTE 'CREATE INDEX persons_email_trgm ON persons USING gin (email gin_trgm_ops)';
       EXECUTE 'CREATE INDEX products_name_trgm ON products USING gin (name gin_trgm_ops)';
       EXECUTE 'CREATE INDEX products_sku_trgm ON products USING gin (sku gin_trgm_ops)';
     END IF;
   END
   $$`,
  `DO $$
   BEGIN
     IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
       ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF;
     ELSE
       RAISE NOTICE 'not a superuser: ILIKE searches on tenant tables cannot use trigram indexes (see server/README.md)';
     END IF;
   END
   $$`,
];

const APP_ROLE = 'retaguarda_app';
const security = [
  // Default privileges of 0002 cover new tables; explicit grants keep this migration self-contained.
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ${REGISTRY_TENANT_TABLES.join(', ')} TO ${APP_ROLE}`,
  `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`,
  ...REGISTRY_TENANT_TABLES.flatMap((table) => tenantTableStatements(table)),
];

const down = [
  `DO $$
   BEGIN
     IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
       ALTER FUNCTION pg_catalog.texticlike(text, text) NOT LEAKPROOF;
     END IF;
   END
   $$`,
  ...REGISTRY_TENANT_TABLES.map((table) => `DROP POLICY IF EXISTS ${TENANT_POLICY} ON ${table}`),
  'DROP TABLE import_batch_errors',
  'DROP TABLE import_batches',
  'DROP TABLE products',
  'DROP TABLE product_categories',
  'DROP TABLE company_bills',
  'DROP TABLE departments',
  'DROP TABLE revenue_categories',
  'DROP TABLE expense_categories',
  'DROP TABLE ledger_accounts',
  'DROP TABLE accounting_groups',
  'DROP TABLE chart_accounts',
  'DROP TABLE cost_centers',
  'DROP TABLE bank_account_agreements',
  'DROP TABLE bank_accounts',
  'DROP TABLE banks',
  'DROP TABLE companies',
  'DROP TABLE company_types',
  'DROP TABLE persons',
];

export default {
  async up(db: Kysely<any>) {
    await runStatements(db, [...schema, ...trigram, ...security]);
    // Existing organisations get the official bank list (new ones get it when created).
    const orgs = await db.selectFrom('organizations').select('id').execute();
    const now = new Date();
    for (const org of orgs) await seedOrganisationBanks(db, org.id as string, now);
  },
  down: (db: Kysely<any>) => runStatements(db, down),
};
