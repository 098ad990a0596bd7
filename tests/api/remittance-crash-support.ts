/**
 * What the two kill -9 tests of the bank-file jobs share (remittance-crash, remittance-return-crash):
 * `total` parcelas a pagar authorised for PIX on the demo's checking account, written straight into
 * the server's database before it starts, and the account and its convênio.
 */
import { sql } from 'kysely';
import { insertPayables } from '../../bench/finance-data.js';
import { openBenchDatabase, type BenchDatabase } from '../../bench/registry-data.js';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import type { ServerDatabase } from './server-process.js';

export async function authorisedPixParcelas(database: ServerDatabase, total: number): Promise<{ target: BenchDatabase; accountId: string; agreementId: string }> {
  const target: BenchDatabase = { dataDir: database.env.DATA_DIR ?? '', databaseUrl: database.env.DATABASE_URL || undefined };
  const handle = await openBenchDatabase(target);
  try {
    await insertPayables(handle.db, total / 4 + 10, 'financeiro@demo.com.br');
    const accountId = (await sql<{ id: string }>`SELECT id FROM bank_accounts WHERE org_id = ${DEMO_ORG_ID} AND type = 'checking' ORDER BY created_at, id LIMIT 1`.execute(handle.db)).rows[0].id;
    const agreementId = (await sql<{ id: string }>`SELECT id FROM bank_account_agreements WHERE bank_account_id = ${accountId}`.execute(handle.db)).rows[0].id;
    await sql`UPDATE installments SET status = 'authorized', bank_account_id = ${accountId}, payment_method = 'pix', pix_key_type = 'email', pix_key = 'fornecedor@exemplo.com.br', boleto_line = NULL
      WHERE id IN (SELECT id FROM installments WHERE direction = 'payable' ORDER BY id LIMIT ${total})`.execute(handle.db);
    await sql`UPDATE installments SET status = 'queued' WHERE bank_account_id = ${accountId} AND status = 'authorized' AND payment_method <> 'pix'`.execute(handle.db);
    return { target, accountId, agreementId };
  } finally {
    await handle.close();
  }
}
