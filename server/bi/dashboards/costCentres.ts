/**
 * The DRE by cost centre painel (`GET dashboards/cost-centres?year=&basis=`): per cost centre, the
 * year's receitas and despesas on the basis asked — competência by default, vencimento or baixa —
 * (the principal, as the DRE sums it on every basis; each lançamento's rateio share, `bi_monthly`),
 * plus the baixas' juros + multa − desconto at the baixa's date on every basis, as the DRE puts them
 * on Resultado financeiro (reports.ts `financial`: cash − principal on the baixa basis), and their result; a lançamento without rateio falls on "Sem centro de custos" (id ''). Largest
 * result first by magnitude of activity.
 */
import { sql, type Transaction } from 'kysely';
import type { CostCentres } from '../../../src/contracts/dashboards.js';
import type { Basis } from '../../../src/contracts/reports.js';
import type { Database } from '../../db/types.js';

export async function costCentres(trx: Transaction<Database>, orgId: string, year: number, basis: Basis = 'competence'): Promise<CostCentres> {
  // A row of the basis asked gives its principal; a row of the baixa basis also gives its juros + multa − desconto.
  const part = sql`(CASE WHEN m.basis = ${basis} THEN m.amount ELSE 0 END + CASE WHEN m.basis = 'paid' THEN m.paid - m.amount ELSE 0 END)`;
  const rows = await sql<{ id: string; name: string | null; code: string | null; revenue: string; expense: string }>`
    SELECT m.cost_center_id AS id, c.name, c.code,
      COALESCE(sum(${part}) FILTER (WHERE m.direction = 'receivable'), 0)::text AS revenue,
      COALESCE(sum(${part}) FILTER (WHERE m.direction = 'payable'), 0)::text AS expense
    FROM bi_monthly m LEFT JOIN cost_centers c ON c.id = m.cost_center_id AND c.org_id = m.org_id
    WHERE m.org_id = ${orgId} AND m.basis IN (${basis}, 'paid') AND m.month >= ${`${year}-01-01`}::date AND m.month < ${`${year + 1}-01-01`}::date
    GROUP BY 1, 2, 3
    HAVING sum(abs(${part})) <> 0`.execute(trx);
  const out = rows.rows.map((r) => {
    const revenue = Number(r.revenue);
    const expense = Number(r.expense);
    return { id: r.id, name: r.id === '' ? 'Sem centro de custos' : r.code ? `${r.code} ${r.name}` : (r.name ?? r.id), revenue, expense, result: revenue - expense };
  });
  out.sort((a, b) => b.revenue + b.expense - (a.revenue + a.expense) || a.name.localeCompare(b.name, 'pt-BR'));
  return { year, basis, rows: out };
}
