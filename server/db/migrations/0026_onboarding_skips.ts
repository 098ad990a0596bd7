/**
 * The organisation's first-run checklist (issue 28): the steps an administrator chose to skip,
 * one row per organisation and step (src/contracts/onboarding.ts `ONBOARDING_STEPS`), with who
 * skipped it and when; taking the skip back deletes the row. Row-level security by organisation.
 */
import type { Kysely } from 'kysely';
import { tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';

export const ONBOARDING_TABLES = ['onboarding_skips'] as const;

const up = [
  `CREATE TABLE onboarding_skips (
    org_id text NOT NULL REFERENCES organizations(id),
    step text NOT NULL CHECK (length(step) BETWEEN 1 AND 60),
    skipped_by text REFERENCES users(id) ON DELETE SET NULL,
    skipped_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, step)
  )`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON onboarding_skips TO ${APP_ROLE}`,
  ...ONBOARDING_TABLES.flatMap((table) => tenantTableStatements(table)),
];
const down = ['DROP TABLE onboarding_skips'];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
