/**
 * A service line is received by the requester's confirmation (issue 24): one row per pedido and
 * ordem de compra line the pedido led to, saying whether its requester confirmed the service
 * (with the date it was performed and the entrega that recorded it) or contested it (with the
 * reason). Held by the schema: one row per (pedido, ordem line); a confirmed row names its entrega.
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

/** The tenant tables this migration adds (tests/api/row-level-security.test.ts). */
export const SERVICE_CONFIRMATION_TABLES = ['service_confirmations'] as const;

const up = [
  `CREATE TABLE service_confirmations (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    order_id text NOT NULL REFERENCES orders(id),
    purchase_order_line_id text NOT NULL REFERENCES purchase_order_lines(id),
    status text NOT NULL CHECK (status IN ('confirmed', 'contested')),
    performed_on date,
    note text,
    reason text,
    receipt_id text REFERENCES receipts(id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    updated_by text,
    CONSTRAINT service_confirmations_once UNIQUE (org_id, order_id, purchase_order_line_id),
    CONSTRAINT service_confirmations_receipt CHECK (status <> 'confirmed' OR (receipt_id IS NOT NULL AND performed_on IS NOT NULL)),
    CONSTRAINT service_confirmations_reason CHECK (status <> 'contested' OR reason IS NOT NULL)
  )`,
  `CREATE INDEX service_confirmations_line_idx ON service_confirmations (purchase_order_line_id)`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON service_confirmations TO retaguarda_app`,
  ...tenantTableStatements('service_confirmations'),
];

const down = [`DROP POLICY IF EXISTS ${TENANT_POLICY} ON service_confirmations`, 'DROP TABLE service_confirmations'];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
