/**
 * Data for the finance benchmarks (issue 8), written straight into a fresh database with SQL
 * (`INSERT … SELECT generate_series`, through the owner handle of `prepareDatabase`): approved
 * lançamentos a pagar of the demo organisation, each with a 60/40 rateio and `PARCELAS_PER_ENTRY`
 * parcelas due over twelve months, spread over the demo suppliers, expense categories and three
 * bank accounts (the demo one and two copies). Every tenth lançamento has its parcelas already
 * `authorized`; the others' are `queued` (the payment queue). They are entered by `createdBy`
 * (so someone else may authorise them). Ids are predictable: `installmentId(entry, n)`.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DEMO_ORG_ID } from '../server/db/seed';
import type { Database } from '../server/db/types';

export const PARCELAS_PER_ENTRY = 4;
/** Every `AUTHORIZED_EVERY`-th lançamento has its parcelas authorised already; the rest are queued. */
export const AUTHORIZED_EVERY = 10;
const PARCELA_AMOUNT = 125_000; // R$ 1.250,00 in centavos (plus a few centavos per lançamento)

export const installmentId = (entry: number, number: number) => `bench-parcela-${entry}-${number}`;
export const isQueued = (entry: number) => entry % AUTHORIZED_EVERY !== 0;

/** The first `count` queued parcelas by their predictable ids (what a bulk authorisation takes). */
export function queuedIds(count: number): string[] {
  const ids: string[] = [];
  for (let entry = 1; ids.length < count; entry++) {
    if (!isQueued(entry)) continue;
    for (let n = 1; n <= PARCELAS_PER_ENTRY && ids.length < count; n++) ids.push(installmentId(entry, n));
  }
  return ids;
}

const textArray = (values: string[]) => sql`ARRAY[${sql.join(values)}]::text[]`;
const ids = async (db: Kysely<Database>, query: RawBuilder<{ id: string }>) => (await query.execute(db)).rows.map((r) => r.id);

/** `entries` approved lançamentos a pagar with their parcelas and rateio, entered by the user `createdByEmail`. */
export async function insertPayables(db: Kysely<Database>, entries: number, createdByEmail: string): Promise<void> {
  const clerk = (await sql<{ id: string }>`SELECT id FROM users WHERE email = ${createdByEmail}`.execute(db)).rows[0].id;
  const suppliers = await ids(db, sql<{ id: string }>`SELECT id FROM persons WHERE org_id = ${DEMO_ORG_ID} AND is_supplier ORDER BY id`);
  const categories = await ids(db, sql<{ id: string }>`SELECT id FROM expense_categories WHERE org_id = ${DEMO_ORG_ID} ORDER BY id`);
  const centres = await ids(db, sql<{ id: string }>`SELECT id FROM cost_centers WHERE org_id = ${DEMO_ORG_ID} ORDER BY id LIMIT 2`);
  const demoAccount = (await sql<{ id: string }>`SELECT id FROM bank_accounts WHERE org_id = ${DEMO_ORG_ID} ORDER BY created_at, id LIMIT 1`.execute(db)).rows[0].id;
  await sql`INSERT INTO bank_accounts (id, org_id, name, type, bank_id, agency, agency_digit, account, account_digit, holder_name, holder_document, opening_balance, opening_balance_date)
    SELECT 'bench-account-' || i, org_id, name || ' ' || (i + 1), type, bank_id, agency, agency_digit, account || i, account_digit, holder_name, holder_document, 0, opening_balance_date
    FROM bank_accounts, generate_series(1, 2) AS i WHERE id = ${demoAccount}`.execute(db);
  const accounts = [demoAccount, 'bench-account-1', 'bench-account-2'];
  if (!suppliers.length || !categories.length || centres.length < 2) throw new Error('demo registries missing (suppliers, expense categories, cost centres)');

  await sql`INSERT INTO finance_entries (id, org_id, direction, number, party_id, category_id, document_type, document_number, issue_date, competence, description, total,
      bank_account_id, payment_condition, status, version, created_at, updated_at, created_by, updated_by)
    SELECT 'bench-entry-' || i, ${DEMO_ORG_ID}, 'payable', i, (${textArray(suppliers)})[1 + i % ${suppliers.length}], (${textArray(categories)})[1 + (i / 7) % ${categories.length}],
      'boleto', 'NF-' || i, d, to_char(d, 'MM/YYYY'), 'Compra de bancada ' || i, ${PARCELAS_PER_ENTRY} * (${PARCELA_AMOUNT} + i % 100),
      (${textArray(accounts)})[1 + (i / 3) % 3], '30/60/90/120', 'approved', 3, now() - make_interval(mins => i), now(), ${clerk}, ${clerk}
    FROM generate_series(1, ${entries}::int) AS i, LATERAL (SELECT date '2026-01-02' + (i % 300) AS d) AS issue`.execute(db);
  await sql`INSERT INTO finance_entry_allocations (id, org_id, entry_id, position, cost_center_id, percent, amount)
    SELECT 'bench-rateio-' || i || '-' || p, ${DEMO_ORG_ID}, 'bench-entry-' || i, p, (${textArray(centres)})[1 + p], CASE p WHEN 0 THEN 6000 ELSE 4000 END,
      CASE p WHEN 0 THEN ${PARCELAS_PER_ENTRY} * (${PARCELA_AMOUNT} + i % 100) * 6 / 10 ELSE ${PARCELAS_PER_ENTRY} * (${PARCELA_AMOUNT} + i % 100) - ${PARCELAS_PER_ENTRY} * (${PARCELA_AMOUNT} + i % 100) * 6 / 10 END
    FROM generate_series(1, ${entries}::int) AS i, generate_series(0, 1) AS p`.execute(db);
  // Due dates: the issue date plus 30 days per parcela, i.e. from early 2026 to early 2027 (about twelve months).
  await sql`INSERT INTO installments (id, org_id, entry_id, direction, position, number, due_date, amount, status, party_id, category_id, description, bank_account_id,
      payment_method, boleto_line, version, created_at, updated_at, created_by, updated_by)
    SELECT 'bench-parcela-' || e.number || '-' || n, e.org_id, e.id, 'payable', n - 1, n, e.issue_date + 30 * n, ${PARCELA_AMOUNT} + e.number % 100,
      CASE WHEN e.number % ${AUTHORIZED_EVERY} = 0 THEN 'authorized' ELSE 'queued' END, e.party_id, e.category_id, e.description || ' — ' || n || '/${sql.raw(String(PARCELAS_PER_ENTRY))}',
      e.bank_account_id, 'boleto', NULL, 2, e.created_at, e.updated_at, e.created_by, e.created_by
    FROM finance_entries AS e, generate_series(1, ${PARCELAS_PER_ENTRY}::int) AS n WHERE e.org_id = ${DEMO_ORG_ID} AND e.id LIKE 'bench-entry-%'`.execute(db);
  await sql`INSERT INTO org_counters (org_id, name, value) VALUES (${DEMO_ORG_ID}, 'payables', ${entries})
    ON CONFLICT (org_id, name) DO UPDATE SET value = GREATEST(org_counters.value, EXCLUDED.value)`.execute(db);
}
