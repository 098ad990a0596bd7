/**
 * Pedidos (purchase requests) with their lines, and the approval service every workflow uses
 * (DOMAIN "Approval queue"): queues per resource with their stages and triggers (configuration),
 * and at run time one flow per submission with a snapshot of the stages, the decisions and the
 * substitutes (delegations).
 *
 * Concurrency is held by the schema: a decision is UNIQUE per (flow stage, approver), so a
 * double click counts once; at most one flow per record is pending (partial unique index).
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';

export const ORDER_APPROVAL_TABLES = [
  'orders', 'order_lines', 'approval_queues', 'approval_queue_stages', 'approval_flows', 'approval_flow_stages',
  'approval_decisions', 'approval_delegations',
] as const;

const BASE = `id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id)`;
const TAIL = `version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    updated_by text`;

const up = [
  `CREATE TABLE orders (
    ${BASE},
    number bigint NOT NULL,
    title text NOT NULL,
    status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'approved', 'rejected', 'quoting', 'fulfilled', 'cancelled')),
    cost_center_id text REFERENCES cost_centers(id),
    department_id text REFERENCES departments(id),
    needed_by date,
    justification text,
    total bigint NOT NULL DEFAULT 0,
    ${TAIL},
    CONSTRAINT orders_number_unique UNIQUE (org_id, number)
  )`,
  `CREATE INDEX orders_org_created_idx ON orders (org_id, created_at DESC)`,
  `CREATE INDEX orders_org_status_idx ON orders (org_id, status, created_at DESC)`,
  `CREATE INDEX orders_org_owner_idx ON orders (org_id, created_by, created_at DESC)`,
  `CREATE TABLE order_lines (
    ${BASE},
    order_id text NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    position integer NOT NULL,
    product_id text REFERENCES products(id),
    description text NOT NULL,
    quantity bigint NOT NULL CHECK (quantity > 0),
    unit text NOT NULL,
    unit_price bigint NOT NULL CHECK (unit_price >= 0),
    needed_by date
  )`,
  `CREATE INDEX order_lines_order_idx ON order_lines (order_id, position)`,

  `CREATE TABLE approval_queues (
    ${BASE},
    name text NOT NULL,
    resource text NOT NULL,
    priority integer NOT NULL DEFAULT 100,
    is_active boolean NOT NULL DEFAULT true,
    description text,
    triggers jsonb NOT NULL DEFAULT '[]'::jsonb,
    ${TAIL},
    CONSTRAINT approval_queues_name_unique UNIQUE (org_id, name)
  )`,
  `CREATE TABLE approval_queue_stages (
    ${BASE},
    queue_id text NOT NULL REFERENCES approval_queues(id) ON DELETE CASCADE,
    position integer NOT NULL,
    name text NOT NULL,
    min_approvals integer NOT NULL CHECK (min_approvals >= 1),
    approver_user_ids text[] NOT NULL DEFAULT '{}',
    approver_group_ids text[] NOT NULL DEFAULT '{}'
  )`,
  `CREATE INDEX approval_queue_stages_queue_idx ON approval_queue_stages (queue_id, position)`,

  `CREATE TABLE approval_flows (
    ${BASE},
    resource text NOT NULL,
    record_id text NOT NULL,
    record_version integer NOT NULL,
    record_title text NOT NULL,
    amount bigint NOT NULL DEFAULT 0,
    queue_id text REFERENCES approval_queues(id) ON DELETE SET NULL,
    queue_name text NOT NULL,
    requester_id text,
    status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'voided')),
    current_position integer,
    reason text,
    created_at timestamptz NOT NULL DEFAULT now(),
    decided_at timestamptz
  )`,
  `CREATE UNIQUE INDEX approval_flows_one_pending ON approval_flows (org_id, resource, record_id) WHERE status = 'pending'`,
  `CREATE INDEX approval_flows_record_idx ON approval_flows (org_id, resource, record_id, created_at)`,
  `CREATE TABLE approval_flow_stages (
    ${BASE},
    flow_id text NOT NULL REFERENCES approval_flows(id) ON DELETE CASCADE,
    position integer NOT NULL,
    name text NOT NULL,
    min_approvals integer NOT NULL,
    approver_user_ids text[] NOT NULL DEFAULT '{}',
    approver_group_ids text[] NOT NULL DEFAULT '{}',
    status text NOT NULL CHECK (status IN ('waiting', 'pending', 'approved', 'rejected', 'voided')),
    approvals integer NOT NULL DEFAULT 0,
    opened_at timestamptz,
    closed_at timestamptz,
    CONSTRAINT approval_flow_stages_position_unique UNIQUE (flow_id, position)
  )`,
  `CREATE INDEX approval_flow_stages_pending_idx ON approval_flow_stages (org_id, status, opened_at)`,
  `CREATE TABLE approval_decisions (
    ${BASE},
    flow_id text NOT NULL REFERENCES approval_flows(id) ON DELETE CASCADE,
    flow_stage_id text NOT NULL REFERENCES approval_flow_stages(id) ON DELETE CASCADE,
    user_id text NOT NULL,
    on_behalf_of text,
    decision text NOT NULL CHECK (decision IN ('approve', 'reject')),
    reason text,
    record_version integer NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT approval_decisions_once UNIQUE (flow_stage_id, user_id)
  )`,
  `CREATE TABLE approval_delegations (
    ${BASE},
    user_id text NOT NULL REFERENCES users(id),
    substitute_id text NOT NULL REFERENCES users(id),
    starts_on date NOT NULL,
    ends_on date NOT NULL,
    reason text,
    ${TAIL},
    CHECK (ends_on >= starts_on),
    CHECK (user_id <> substitute_id)
  )`,
  `CREATE INDEX approval_delegations_substitute_idx ON approval_delegations (org_id, substitute_id, starts_on, ends_on)`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ${ORDER_APPROVAL_TABLES.join(', ')} TO ${APP_ROLE}`,
  ...ORDER_APPROVAL_TABLES.flatMap((table) => tenantTableStatements(table)),
];

const down = [
  ...ORDER_APPROVAL_TABLES.map((table) => `DROP POLICY IF EXISTS ${TENANT_POLICY} ON ${table}`),
  ...[...ORDER_APPROVAL_TABLES].reverse().map((table) => `DROP TABLE ${table}`),
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
