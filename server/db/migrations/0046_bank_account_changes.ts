/**
 * Alterações de dados bancários (`bank_account_changes`): a proposed change of a conta financeira's
 * bank data, holder and PIX keys, with its own workflow and approval (src/contracts/resources/
 * bankAccountChanges.ts). The proposed values are columns shaped as the account's own; `previous`
 * holds the account's values when the change was last saved or sent (what "before" shows).
 * One change waits for approval per account at a time (`bank_account_changes_one_waiting`), the
 * last wall when two are sent at once. A flow of such a change carries no amount:
 * `approval_flows.amount` may be null.
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';
export const BANK_ACCOUNT_CHANGE_TABLES = ['bank_account_changes'] as const;

const up = [
  `CREATE TABLE bank_account_changes (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    bank_account_id text NOT NULL REFERENCES bank_accounts(id),
    number integer NOT NULL,
    status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'awaitingApproval', 'applied', 'rejected', 'cancelled')),
    type text NOT NULL CHECK (type IN ('checking', 'savings', 'investment', 'cash')),
    bank_id text REFERENCES banks(id),
    agency text,
    agency_digit text,
    account text,
    account_digit text,
    holder_name text NOT NULL,
    holder_document text NOT NULL,
    pix_keys jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(pix_keys) = 'array'),
    reason text NOT NULL,
    previous jsonb,
    version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    updated_by text,
    CONSTRAINT bank_account_changes_number_unique UNIQUE (org_id, number)
  )`,
  `CREATE INDEX bank_account_changes_account_idx ON bank_account_changes (bank_account_id, number DESC)`,
  `CREATE UNIQUE INDEX bank_account_changes_one_waiting ON bank_account_changes (bank_account_id) WHERE status = 'awaitingApproval'`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON bank_account_changes TO ${APP_ROLE}`,
  ...tenantTableStatements('bank_account_changes'),
  `ALTER TABLE approval_flows ALTER COLUMN amount DROP NOT NULL`,
];

const down = [
  `DELETE FROM approval_flows WHERE amount IS NULL`,
  `ALTER TABLE approval_flows ALTER COLUMN amount SET NOT NULL`,
  `DROP POLICY IF EXISTS ${TENANT_POLICY} ON bank_account_changes`,
  `DROP TABLE bank_account_changes`,
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
