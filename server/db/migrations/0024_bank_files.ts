/**
 * Bank files (issue 25): remessas (`remittances`, the CNAB 240 file kept with its SHA-256), their
 * payments (`remittance_items`: one per parcela, `live` while the remessa may still pay it — a
 * parcela is in at most one live remessa, held by a partial unique index as the last wall), and
 * the retornos imported (`remittance_returns`: one per file content per organisation, so a file
 * imported twice is recognised and changes nothing).
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';
export const BANK_FILE_TABLES = ['remittances', 'remittance_items', 'remittance_returns'] as const;

const BASE = `id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id)`;
const TAIL = `version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    updated_by text`;

const up = [
  `CREATE TABLE remittances (
    ${BASE},
    number bigint NOT NULL,
    file_name text NOT NULL,
    bank_account_id text NOT NULL REFERENCES bank_accounts(id),
    agreement_id text NOT NULL REFERENCES bank_account_agreements(id),
    agreement_name text NOT NULL,
    layout text NOT NULL,
    file_sequence integer NOT NULL,
    payment_count integer NOT NULL CHECK (payment_count > 0),
    total bigint NOT NULL CHECK (total > 0),
    sha256 text NOT NULL,
    content bytea NOT NULL,
    status text NOT NULL DEFAULT 'generated' CHECK (status IN ('generated', 'sent', 'processed', 'cancelled')),
    notes text,
    ${TAIL},
    CONSTRAINT remittances_number_unique UNIQUE (org_id, number),
    CONSTRAINT remittances_file_sequence_unique UNIQUE (agreement_id, file_sequence)
  )`,
  `CREATE INDEX remittances_org_idx ON remittances (org_id, number DESC)`,
  `CREATE TABLE remittance_items (
    ${BASE},
    remittance_id text NOT NULL REFERENCES remittances(id) ON DELETE CASCADE,
    position integer NOT NULL,
    installment_id text NOT NULL REFERENCES installments(id),
    supplier_id text,
    payment_form text NOT NULL,
    reference text NOT NULL,
    payment_date date NOT NULL,
    amount bigint NOT NULL CHECK (amount > 0),
    outcome text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'scheduled', 'paid', 'rejected', 'unknown')),
    occurrences text,
    live boolean NOT NULL DEFAULT true,
    CONSTRAINT remittance_items_reference_unique UNIQUE (org_id, reference)
  )`,
  `CREATE INDEX remittance_items_remittance_idx ON remittance_items (remittance_id, position)`,
  `CREATE UNIQUE INDEX remittance_items_live_installment ON remittance_items (installment_id) WHERE live`,
  `CREATE TABLE remittance_returns (
    ${BASE},
    sha256 text NOT NULL,
    file_name text NOT NULL,
    bank_account_id text REFERENCES bank_accounts(id),
    payments integer NOT NULL,
    result jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    CONSTRAINT remittance_returns_sha256_unique UNIQUE (org_id, sha256)
  )`,
  // Balances (server/finance/balances.ts): the baixas and open parcelas of one account.
  `CREATE INDEX installment_settlements_account_idx ON installment_settlements (bank_account_id, paid_on)`,
  `CREATE INDEX installments_account_idx ON installments (bank_account_id, due_date) WHERE bank_account_id IS NOT NULL`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ${BANK_FILE_TABLES.join(', ')} TO ${APP_ROLE}`,
  ...BANK_FILE_TABLES.flatMap((table) => tenantTableStatements(table)),
];

const down = ['DROP INDEX installments_account_idx', 'DROP INDEX installment_settlements_account_idx', ...BANK_FILE_TABLES.map((table) => `DROP POLICY IF EXISTS ${TENANT_POLICY} ON ${table}`), ...[...BANK_FILE_TABLES].reverse().map((table) => `DROP TABLE ${table}`)];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
