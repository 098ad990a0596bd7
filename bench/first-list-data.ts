/**
 * Records for the first-list benchmarks (bundle-size.ts): a few pedidos of the requester and
 * lançamentos a pagar entered by treasury, written straight into a fresh database, so that each
 * element's first list shows data rows — the bytes are counted until the first of them is on
 * screen (`firstDataRow`: a cell with a record's own text, not the empty state nor a loading row).
 */
import { sql, type Kysely } from 'kysely';
import type { Page } from '@playwright/test';
import { DEMO_ORG_ID } from '../server/db/seed';
import type { Database } from '../server/db/types';
import { insertPayables } from './finance-data';

const ORDERS = 5;
/** The text of every bench pedido's title, and of every bench lançamento's description. */
export const ORDER_TEXT = /Pedido de bancada \d+/;
export const PAYABLE_TEXT = /Compra de bancada \d+/;

export async function insertFirstListRecords(db: Kysely<Database>): Promise<void> {
  const requester = (await sql<{ id: string }>`SELECT id FROM users WHERE email = 'solicitante@demo.com.br'`.execute(db)).rows[0].id;
  const centre = (await sql<{ id: string }>`SELECT id FROM cost_centers WHERE org_id = ${DEMO_ORG_ID} LIMIT 1`.execute(db)).rows[0].id;
  await sql`INSERT INTO orders (id, org_id, number, title, status, cost_center_id, total, version, created_at, updated_at, created_by, updated_by)
    SELECT 'bench-order-' || i, ${DEMO_ORG_ID}, 1000 + i, 'Pedido de bancada ' || i, 'draft', ${centre}, 1000 * i, 1,
      now() - (i || ' minutes')::interval, now(), ${requester}, ${requester} FROM generate_series(1, ${ORDERS}) AS i`.execute(db);
  await sql`INSERT INTO order_lines (id, org_id, order_id, position, description, quantity, unit, unit_price)
    SELECT 'bench-line-' || i, ${DEMO_ORG_ID}, 'bench-order-' || i, 0, 'Item ' || i, 1, 'UN', 1000 * i FROM generate_series(1, ${ORDERS}) AS i`.execute(db);
  await insertPayables(db, 5, 'tesouraria@demo.com.br');
}

/** The first data row on screen: a table cell (any shadow root) holding a record's text. */
export const firstDataRow = (page: Page, text: RegExp) => page.getByRole('cell', { name: text }).first().waitFor({ state: 'visible' });
