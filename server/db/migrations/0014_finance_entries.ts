/**
 * Contas a pagar e a receber (issue 8): lançamentos (`finance_entries`, one table, `direction`
 * payable | receivable), their cost-centre split (`finance_entry_allocations`), their parcelas
 * (`installments`: lines of the lançamento with stable ids AND records with their own workflow),
 * the baixas of each parcela (`installment_settlements`, reversed — never deleted — by an
 * estorno) and the idempotency keys of the money-moving routes.
 *
 * The database holds the money rules as the last wall: a parcela's settled principal never
 * exceeds its amount (CHECK), a baixa's amount is positive, and amounts are bigint centavos.
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';

export const FINANCE_TABLES = ['finance_entries', 'finance_entry_allocations', 'installments', 'installment_settlements', 'idempotency_keys'] as const;

const BASE = `id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id)`;
const TAIL = `version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    updated_by text`;
const PAYMENT_DATA = `payment_method text NOT NULL DEFAULT 'boleto' CHECK (payment_method IN ('boleto', 'pix', 'transfer', 'cash')),
    boleto_line text,
    pix_key_type text,
    pix_key text,
    pix_payload text,
    bank_id text REFERENCES banks(id),
    agency text,
    account text,
    account_digit text,
    holder_name text,
    holder_document text`;

const up = [
  `CREATE TABLE finance_entries (
    ${BASE},
    direction text NOT NULL CHECK (direction IN ('payable', 'receivable')),
    number bigint NOT NULL,
    party_id text NOT NULL REFERENCES persons(id),
    category_id text NOT NULL,
    requester_id text REFERENCES users(id),
    order_id text REFERENCES orders(id),
    document_type text NOT NULL,
    document_number text,
    issue_date date NOT NULL,
    competence text NOT NULL,
    description text NOT NULL,
    total bigint NOT NULL CHECK (total > 0),
    bank_account_id text REFERENCES bank_accounts(id),
    company_id text REFERENCES companies(id),
    payment_condition text,
    document_file_id text,
    notes text,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'submitted', 'approved', 'rejected', 'settled', 'cancelled')),
    ${TAIL},
    CONSTRAINT finance_entries_number_unique UNIQUE (org_id, direction, number)
  )`,
  `CREATE INDEX finance_entries_org_number_idx ON finance_entries (org_id, direction, number DESC)`,
  `CREATE INDEX finance_entries_org_status_idx ON finance_entries (org_id, direction, status)`,
  `CREATE INDEX finance_entries_party_idx ON finance_entries (org_id, party_id)`,
  `CREATE TABLE finance_entry_allocations (
    ${BASE},
    entry_id text NOT NULL REFERENCES finance_entries(id) ON DELETE CASCADE,
    position integer NOT NULL,
    cost_center_id text NOT NULL REFERENCES cost_centers(id),
    percent integer CHECK (percent BETWEEN 0 AND 10000),
    amount bigint NOT NULL CHECK (amount >= 0)
  )`,
  `CREATE INDEX finance_entry_allocations_entry_idx ON finance_entry_allocations (entry_id, position)`,
  `CREATE TABLE installments (
    ${BASE},
    entry_id text NOT NULL REFERENCES finance_entries(id) ON DELETE CASCADE,
    direction text CHECK (direction IN ('payable', 'receivable')),
    position integer NOT NULL,
    number integer NOT NULL,
    due_date date NOT NULL,
    amount bigint NOT NULL CHECK (amount > 0),
    paid_amount bigint NOT NULL DEFAULT 0,
    last_paid_on date,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'awaiting_requester', 'contested', 'queued', 'authorized', 'in_remittance', 'paid', 'received', 'cancelled')),
    party_id text,
    category_id text,
    requester_id text,
    description text NOT NULL DEFAULT '',
    bank_account_id text REFERENCES bank_accounts(id),
    ${PAYMENT_DATA},
    ${TAIL},
    CONSTRAINT installments_paid_within_amount CHECK (paid_amount >= 0 AND paid_amount <= amount)
  )`,
  `CREATE INDEX installments_entry_idx ON installments (entry_id, position)`,
  `CREATE INDEX installments_queue_idx ON installments (org_id, direction, status, due_date)`,
  `CREATE INDEX installments_due_idx ON installments (org_id, direction, due_date)`,
  `CREATE INDEX installments_requester_idx ON installments (org_id, requester_id, status) WHERE requester_id IS NOT NULL`,
  `CREATE TABLE installment_settlements (
    ${BASE},
    installment_id text NOT NULL REFERENCES installments(id) ON DELETE CASCADE,
    seq bigint GENERATED ALWAYS AS IDENTITY,
    paid_on date NOT NULL,
    amount bigint NOT NULL CHECK (amount > 0),
    interest bigint NOT NULL DEFAULT 0 CHECK (interest >= 0),
    fine bigint NOT NULL DEFAULT 0 CHECK (fine >= 0),
    discount bigint NOT NULL DEFAULT 0 CHECK (discount >= 0),
    paid_total bigint NOT NULL CHECK (paid_total >= 0),
    bank_account_id text NOT NULL REFERENCES bank_accounts(id),
    note text,
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    reversed_at timestamptz,
    reversed_by text,
    reversal_reason text
  )`,
  `CREATE INDEX installment_settlements_installment_idx ON installment_settlements (installment_id, seq)`,
  `CREATE TABLE idempotency_keys (
    org_id text NOT NULL REFERENCES organizations(id),
    user_id text NOT NULL,
    key text NOT NULL,
    fingerprint text NOT NULL,
    response jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, user_id, key)
  )`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ${FINANCE_TABLES.join(', ')} TO ${APP_ROLE}`,
  ...FINANCE_TABLES.flatMap((table) => tenantTableStatements(table)),
];

const down = [
  ...FINANCE_TABLES.map((table) => `DROP POLICY IF EXISTS ${TENANT_POLICY} ON ${table}`),
  ...[...FINANCE_TABLES].reverse().map((table) => `DROP TABLE ${table}`),
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
