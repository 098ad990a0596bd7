/**
 * The buying cycle (issue 24): cotações with their lines, solicitações (one per supplier) with the
 * answered prices, the award per line; ordens de compra with their lines; entregas with their lines;
 * and `record_links`, where every line a mapping made remembers the line it came from (a pedido
 * line → a cotação line → an ordem de compra line), with the quantity it brought.
 *
 * Held by the schema: one solicitação per supplier per cotação; a cotação line awarded once; a
 * target line linked to a source line once.
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';

export const BUYING_CYCLE_TABLES = [
  'record_links', 'quotes', 'quote_lines', 'quote_requests', 'quote_answers', 'quote_awards',
  'purchase_orders', 'purchase_order_lines', 'receipts', 'receipt_lines', 'purchasing_settings',
  'invoices', 'invoice_lines', 'invoice_duplicates',
] as const;

const BASE = `id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id)`;
const TAIL = `version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    updated_by text`;
const CHILD = `id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id)`;

const up = [
  `CREATE TABLE record_links (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    mapping text NOT NULL,
    source_type text NOT NULL,
    source_id text NOT NULL,
    source_line_id text NOT NULL,
    target_type text NOT NULL,
    target_id text NOT NULL,
    target_line_id text NOT NULL,
    quantity bigint,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT record_links_once UNIQUE (target_line_id, source_line_id)
  )`,
  `CREATE INDEX record_links_source_idx ON record_links (org_id, source_type, source_id)`,
  `CREATE INDEX record_links_source_line_idx ON record_links (source_line_id)`,
  `CREATE INDEX record_links_target_idx ON record_links (org_id, target_type, target_id)`,

  `CREATE TABLE quotes (
    ${BASE},
    number bigint NOT NULL,
    title text NOT NULL,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'sent', 'received', 'analysing', 'concluded', 'cancelled')),
    deadline date NOT NULL,
    notes text,
    ${TAIL},
    CONSTRAINT quotes_number_unique UNIQUE (org_id, number)
  )`,
  `CREATE INDEX quotes_org_created_idx ON quotes (org_id, created_at DESC)`,
  `CREATE TABLE quote_lines (
    ${CHILD},
    quote_id text NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
    position integer NOT NULL,
    product_id text REFERENCES products(id),
    description text NOT NULL,
    quantity bigint NOT NULL CHECK (quantity > 0),
    unit text NOT NULL
  )`,
  `CREATE INDEX quote_lines_quote_idx ON quote_lines (quote_id, position)`,
  `CREATE TABLE quote_requests (
    ${BASE},
    quote_id text NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
    supplier_id text NOT NULL REFERENCES persons(id),
    contact_email text,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'answered', 'declined')),
    freight bigint CHECK (freight >= 0),
    payment_terms text,
    valid_until date,
    notes text,
    proposal_file_id text,
    total bigint NOT NULL DEFAULT 0,
    answered_at timestamptz,
    ${TAIL},
    CONSTRAINT quote_requests_quote_id_supplier_id_unique UNIQUE (quote_id, supplier_id)
  )`,
  `CREATE INDEX quote_requests_quote_idx ON quote_requests (org_id, quote_id)`,
  `CREATE TABLE quote_answers (
    ${CHILD},
    request_id text NOT NULL REFERENCES quote_requests(id) ON DELETE CASCADE,
    position integer NOT NULL,
    line_id text NOT NULL REFERENCES quote_lines(id) ON DELETE CASCADE,
    unit_price bigint CHECK (unit_price >= 0),
    quantity bigint NOT NULL CHECK (quantity > 0),
    lead_time_days integer
  )`,
  `CREATE INDEX quote_answers_request_idx ON quote_answers (request_id, position)`,
  `CREATE TABLE quote_awards (
    ${CHILD},
    quote_id text NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
    line_id text NOT NULL REFERENCES quote_lines(id) ON DELETE CASCADE,
    request_id text NOT NULL REFERENCES quote_requests(id),
    purchase_order_id text,
    justification text,
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    CONSTRAINT quote_awards_line_once UNIQUE (line_id)
  )`,
  `CREATE INDEX quote_awards_quote_idx ON quote_awards (quote_id)`,

  `CREATE TABLE purchase_orders (
    ${BASE},
    number bigint NOT NULL,
    status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'approved', 'rejected', 'sent', 'partiallyReceived', 'received', 'invoiced', 'cancelled')),
    supplier_id text NOT NULL REFERENCES persons(id),
    cost_center_id text REFERENCES cost_centers(id),
    department_id text REFERENCES departments(id),
    quote_id text REFERENCES quotes(id),
    expected_on date,
    payment_terms text,
    freight bigint CHECK (freight >= 0),
    notes text,
    total bigint NOT NULL DEFAULT 0,
    ${TAIL},
    CONSTRAINT purchase_orders_number_unique UNIQUE (org_id, number)
  )`,
  `CREATE INDEX purchase_orders_org_created_idx ON purchase_orders (org_id, created_at DESC)`,
  `CREATE INDEX purchase_orders_quote_idx ON purchase_orders (quote_id)`,
  `CREATE TABLE purchase_order_lines (
    ${CHILD},
    purchase_order_id text NOT NULL REFERENCES purchase_orders(id) ON DELETE CASCADE,
    position integer NOT NULL,
    product_id text REFERENCES products(id),
    description text NOT NULL,
    quantity bigint NOT NULL CHECK (quantity > 0),
    unit text NOT NULL,
    unit_price bigint NOT NULL CHECK (unit_price >= 0)
  )`,
  `CREATE INDEX purchase_order_lines_order_idx ON purchase_order_lines (purchase_order_id, position)`,

  `CREATE TABLE receipts (
    ${BASE},
    number bigint NOT NULL,
    purchase_order_id text NOT NULL REFERENCES purchase_orders(id),
    received_on date NOT NULL,
    document text,
    notes text,
    ${TAIL},
    CONSTRAINT receipts_number_unique UNIQUE (org_id, number)
  )`,
  `CREATE INDEX receipts_order_idx ON receipts (org_id, purchase_order_id)`,
  `CREATE TABLE receipt_lines (
    ${CHILD},
    receipt_id text NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
    position integer NOT NULL,
    purchase_order_line_id text NOT NULL REFERENCES purchase_order_lines(id),
    received bigint NOT NULL CHECK (received >= 0),
    rejected bigint NOT NULL CHECK (rejected >= 0),
    rejection_reason text
  )`,
  `CREATE INDEX receipt_lines_line_idx ON receipt_lines (purchase_order_line_id)`,

  `CREATE TABLE purchasing_settings (
    org_id text PRIMARY KEY REFERENCES organizations(id),
    receipt_tolerance integer NOT NULL DEFAULT 0 CHECK (receipt_tolerance BETWEEN 0 AND 10000),
    price_tolerance integer NOT NULL DEFAULT 0 CHECK (price_tolerance BETWEEN 0 AND 10000),
    price_tolerance_amount bigint NOT NULL DEFAULT 0 CHECK (price_tolerance_amount >= 0),
    quantity_tolerance integer NOT NULL DEFAULT 0 CHECK (quantity_tolerance BETWEEN 0 AND 10000),
    version integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    updated_by text
  )`,
  `CREATE TABLE invoices (
    ${BASE},
    purchase_order_id text NOT NULL REFERENCES purchase_orders(id),
    supplier_id text NOT NULL REFERENCES persons(id),
    kind text NOT NULL CHECK (kind IN ('nfe', 'nfse', 'bill')),
    number text NOT NULL,
    series text,
    access_key text,
    issued_on date NOT NULL,
    category_id text REFERENCES expense_categories(id),
    cost_center_id text REFERENCES cost_centers(id),
    total bigint NOT NULL CHECK (total > 0),
    notes text,
    status text NOT NULL DEFAULT 'registered' CHECK (status IN ('registered', 'awaitingApproval', 'accepted', 'rejected', 'cancelled')),
    match_status text NOT NULL DEFAULT 'conforming' CHECK (match_status IN ('conforming', 'divergent')),
    divergences jsonb NOT NULL DEFAULT '[]'::jsonb,
    payable_id text,
    ${TAIL},
    CONSTRAINT invoices_access_key_unique UNIQUE (org_id, access_key)
  )`,
  `CREATE INDEX invoices_org_created_idx ON invoices (org_id, created_at DESC)`,
  `CREATE INDEX invoices_order_idx ON invoices (purchase_order_id)`,
  `CREATE TABLE invoice_lines (
    ${CHILD},
    invoice_id text NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
    position integer NOT NULL,
    purchase_order_line_id text NOT NULL REFERENCES purchase_order_lines(id),
    description text NOT NULL,
    quantity bigint NOT NULL CHECK (quantity > 0),
    unit_price bigint NOT NULL CHECK (unit_price >= 0)
  )`,
  `CREATE INDEX invoice_lines_line_idx ON invoice_lines (purchase_order_line_id)`,
  `CREATE TABLE invoice_duplicates (
    ${CHILD},
    invoice_id text NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
    position integer NOT NULL,
    number text NOT NULL,
    due_date date NOT NULL,
    amount bigint NOT NULL CHECK (amount > 0)
  )`,
  `ALTER TABLE finance_entries ADD COLUMN invoice_id text REFERENCES invoices(id)`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ${BUYING_CYCLE_TABLES.join(', ')} TO ${APP_ROLE}`,
  ...BUYING_CYCLE_TABLES.flatMap((table) => tenantTableStatements(table)),
];

const down = [
  'ALTER TABLE finance_entries DROP COLUMN invoice_id',
  ...BUYING_CYCLE_TABLES.map((table) => `DROP POLICY IF EXISTS ${TENANT_POLICY} ON ${table}`),
  ...[...BUYING_CYCLE_TABLES].reverse().map((table) => `DROP TABLE ${table}`),
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
