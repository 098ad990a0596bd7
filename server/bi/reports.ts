/**
 * The reports (issue 26), read from the summary tables of migration 0030 — never the raw rows,
 * except the drill-down, which reads the parcelas behind one number with the same shares
 * (`bi_facts`). Every query names the tenant (and runs under its row-level security).
 *
 * DRE: one column per month of the year on the chosen basis (competência by default); each
 * category's principal on the line its category maps to (contracts/brazil/dre.ts), receivables
 * positive, payables negative; Resultado financeiro is receitas − despesas financeiras, and the
 * juros, multa and desconto of the baixas on every basis at the baixa's date (their competência is
 * the payment): juros and multa a pagar are despesas financeiras and a desconto obtido a receita
 * financeira, the other way round a receber — `paid − amount` of the baixa basis' summary cells
 * (the cash minus the principal), one detail row per direction (`financial` drill measure); the
 * subtotals from `dreTotals`. A category no longer found falls on Receita bruta / Despesas
 * operacionais.
 * DRE by cost centre: the same rows, one column per cost centre of the year. DFC: dfc.ts.
 * Fluxo de caixa: previsto = what is still open by due date; realizado = baixas by payment date
 * (cash: principal + juros + multa − desconto; estornos out). Saldo inicial = the latest saldo de
 * conta on or before the first day (else the account's opening balance, when not after it) plus
 * the baixas from that date up to the day before. Saldo final = saldo inicial + realizado + what
 * is open and due from today on (overdue parcelas do not move the projection). Periods that start
 * after today show previsto only.
 */
import { sql, type Transaction } from 'kysely';
import { DRE_LINES, dreTotals, type DreInput, type DreLine } from '../../src/contracts/brazil/dre.js';
import type { DfcGroup } from '../../src/contracts/reportPages.js';
import type { Basis, DrillAnswer, DrillKey, Grain, ReportAnswer, ReportColumn, ReportRow } from '../../src/contracts/reports.js';
import type { Database } from '../db/types.js';

export type Trx = Transaction<Database>;

const MONTHS = ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'];
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const br = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

const MAPPED: readonly DreLine[] = ['grossRevenue', 'deductions', 'costs', 'operatingExpenses', 'financialResult', 'incomeTax'];

export interface DreOptions {
  year: number;
  basis: Basis;
  bankAccountId?: string;
  costCenterId?: string;
}

export type Direction = 'payable' | 'receivable';
export interface Category { id: string; code: string; name: string; dre_line: DreLine; dfc_group: DfcGroup | null; direction: Direction }
/** One summary cell of the year: a column's bucket (month 1–12, a cost centre), a category and its principal or cash. */
interface Cell { b: string; direction: Direction; category_id: string; amount: string }

export const yearColumns = (year: number, today: string): ReportColumn[] =>
  MONTHS.map((label, i) => {
    const from = `${year}-${pad(i + 1)}-01`;
    return { key: from.slice(0, 7), label: `${label}/${year}`, from, to: `${year}-${pad(i + 1)}-${pad(lastDay(year, i + 1))}`, future: from > today };
  });

/**
 * The year's summary cells by `bucket` (an expression over `s`, bi_monthly), `measure` on `basis`;
 * `financial`: the baixas' juros + multa − desconto (cash − principal on the baixa basis).
 */
export async function yearCells(trx: Trx, orgId: string, options: { year: number; basis: Basis; bankAccountId?: string; costCenterId?: string }, bucket: ReturnType<typeof sql>, measure: 'amount' | 'paid' | 'financial') {
  const { year, basis } = options;
  const value = measure === 'financial' ? sql`s.paid - s.amount` : sql.ref(`s.${measure}`);
  return (await sql<Cell>`
    SELECT ${bucket}::text AS b, s.direction, s.category_id, sum(${value})::text AS amount
    FROM bi_monthly s
    WHERE s.org_id = ${orgId} AND s.basis = ${basis} AND s.month >= ${`${year}-01-01`}::date AND s.month < ${`${year + 1}-01-01`}::date
      ${options.bankAccountId ? sql`AND s.bank_account_id = ${options.bankAccountId}` : sql``}
      ${options.costCenterId ? sql`AND s.cost_center_id = ${options.costCenterId}` : sql``}
    GROUP BY 1, 2, 3`.execute(trx)).rows;
}

export async function categoriesOf(trx: Trx, orgId: string): Promise<Map<string, Category>> {
  const categories = await sql<Category>`
    SELECT id, code, name, dre_line, dfc_group, 'payable' AS direction FROM expense_categories WHERE org_id = ${orgId}
    UNION ALL SELECT id, code, name, dre_line, dfc_group, 'receivable' FROM revenue_categories WHERE org_id = ${orgId}`.execute(trx);
  return new Map(categories.rows.map((c) => [`${c.direction}:${c.id}`, c]));
}

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
export const categoryLabel = (category: Category | undefined) => (category ? `${category.code} ${category.name}` : 'Sem categoria');

/** DRE by month of the year: one column per month. */
export async function dreReport(trx: Trx, orgId: string, options: DreOptions, today: string): Promise<ReportAnswer> {
  const columns = yearColumns(options.year, today);
  const month = sql`extract(month FROM s.month)::int`;
  const cells = await yearCells(trx, orgId, options, month, 'amount');
  const financial = await yearCells(trx, orgId, { ...options, basis: 'paid' }, month, 'financial');
  return { columns, rows: dreRows(cells, financial, await categoriesOf(trx, orgId), columns, (b) => Number(b) - 1, options), percentOf: 'netRevenue' };
}

/**
 * DRE of the year by cost centre (dre2): one column per cost centre with a number in the year (by
 * code; the parcelas without rateio under "Sem centro de custo"), each cell drilling into its
 * centre's share.
 */
export async function dreByCostCenterReport(trx: Trx, orgId: string, options: Omit<DreOptions, 'costCenterId'>, today: string): Promise<ReportAnswer> {
  const cells = await yearCells(trx, orgId, options, sql`s.cost_center_id`, 'amount');
  const financial = await yearCells(trx, orgId, { ...options, basis: 'paid' }, sql`s.cost_center_id`, 'financial');
  const used = [...new Set([...cells, ...financial.filter((c) => Number(c.amount) !== 0)].map((c) => c.b))];
  const centres = (await sql<{ id: string; code: string; name: string }>`
    SELECT id, code, name FROM cost_centers WHERE org_id = ${orgId} AND id = ANY(${sql`ARRAY[${sql.join(used.length ? used : [''])}]::text[]`})`.execute(trx)).rows;
  const byId = new Map(centres.map((c) => [c.id, c]));
  const from = `${options.year}-01-01`;
  const to = `${options.year}-12-31`;
  const columns: ReportColumn[] = used
    .map((id) => ({ id, code: byId.get(id)?.code ?? '', label: id === '' ? 'Sem centro de custo' : byId.has(id) ? `${byId.get(id)!.code} ${byId.get(id)!.name}` : 'Centro de custo excluído' }))
    .sort((a, b) => (a.id === '' ? 1 : b.id === '' ? -1 : a.code.localeCompare(b.code, 'pt-BR', { numeric: true })))
    .map((c) => ({ key: c.id || 'none', label: c.label, from, to, future: from > today, drill: { costCenterId: c.id } }));
  const index = new Map(columns.map((c, i) => [c.drill!.costCenterId!, i]));
  return { columns, rows: dreRows(cells, financial, await categoriesOf(trx, orgId), columns, (b) => index.get(b) ?? -1, options), percentOf: 'netRevenue' };
}

/** The detail rows of Resultado financeiro that the baixas' juros, multa and desconto make, by direction. */
export const BAIXA_FINANCIAL_LABELS: Readonly<Record<Direction, string>> = {
  payable: 'Juros, multas e descontos de pagamentos',
  receivable: 'Juros, multas e descontos de recebimentos',
};

/**
 * The DRE's rows from the year's cells: each category's principal on its line, the baixas' juros,
 * multa and desconto (`financial`, by direction) on Resultado financeiro, the subtotals from `dreTotals`.
 */
function dreRows(cells: Cell[], financial: Cell[], byId: Map<string, Category>, columns: ReportColumn[], indexOf: (bucket: string) => number, options: DreOptions): ReportRow[] {
  const { basis } = options;
  // line → category → signed values per column
  const perLine = new Map<DreLine, Map<string, { label: string; direction: Direction; categoryId: string; values: number[] }>>();
  const input: DreInput[] = columns.map(() => ({}));
  for (const cell of cells) {
    const at = indexOf(cell.b);
    if (at < 0) continue;
    const category = byId.get(`${cell.direction}:${cell.category_id}`);
    const line: DreLine = category?.dre_line ?? (cell.direction === 'receivable' ? 'grossRevenue' : 'operatingExpenses');
    const amount = Number(cell.amount);
    const signed = cell.direction === 'receivable' ? amount : -amount;
    // dreTotals takes expenses positive and the financial result signed.
    const key = line as keyof DreInput;
    input[at][key] = (input[at][key] ?? 0) + (line === 'financialResult' ? signed : cell.direction === 'receivable' && line !== 'grossRevenue' ? -amount : amount);
    const lineMap = perLine.get(line) ?? new Map();
    perLine.set(line, lineMap);
    const rowKey = `${cell.direction}:${cell.category_id}`;
    const row = lineMap.get(rowKey) ?? { label: categoryLabel(category), direction: cell.direction, categoryId: cell.category_id, values: columns.map(() => 0) };
    row.values[at] += signed;
    lineMap.set(rowKey, row);
  }
  // Juros + multa − desconto: paid by us, a despesa financeira (−); received, a receita financeira (+).
  const extras = new Map<Direction, number[]>();
  for (const cell of financial) {
    const at = indexOf(cell.b);
    const amount = Number(cell.amount);
    if (at < 0 || amount === 0) continue;
    const signed = cell.direction === 'receivable' ? amount : -amount;
    input[at].financialResult = (input[at].financialResult ?? 0) + signed;
    const values = extras.get(cell.direction) ?? columns.map(() => 0);
    values[at] += signed;
    extras.set(cell.direction, values);
  }
  const totals = input.map((i) => dreTotals(i));
  const rows: ReportRow[] = [];
  // A subtotal drills into every mapped line above it (receita líquida: receita bruta and deduções).
  const above: DreLine[] = [];
  for (const line of DRE_LINES) {
    const sign = line.kind === 'expense' ? -1 : 1;
    const values = totals.map((t) => (t[line.key] === 0 ? 0 : sign * t[line.key]));
    const mapped = MAPPED.includes(line.key);
    if (mapped) above.push(line.key);
    rows.push({ key: line.key, label: line.label, kind: mapped ? 'line' : 'subtotal', values, total: sum(values), drill: { basis, measure: 'amount' as const, dreLine: (mapped ? [line.key] : above).join(','), ...dims(options) } });
    const details = [...(perLine.get(line.key)?.values() ?? [])].sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
    for (const detail of details) {
      rows.push({
        key: `${line.key}:${detail.direction}:${detail.categoryId}`,
        label: detail.label,
        kind: 'detail',
        parent: line.key,
        values: detail.values,
        total: sum(detail.values),
        drill: { basis, measure: 'amount', direction: detail.direction, categoryId: detail.categoryId, ...dims(options) },
      });
    }
    if (line.key !== 'financialResult') continue;
    for (const direction of ['payable', 'receivable'] as const) {
      const values = extras.get(direction);
      if (!values || values.every((v) => v === 0)) continue;
      rows.push({ key: `financialResult:baixas:${direction}`, label: BAIXA_FINANCIAL_LABELS[direction], kind: 'detail', parent: line.key, values, total: sum(values), drill: { basis, measure: 'financial', direction, ...dims(options) } });
    }
  }
  return rows;
}

export const dims = (options: { bankAccountId?: string; costCenterId?: string }) => ({
  ...(options.bankAccountId ? { bankAccountId: options.bankAccountId } : {}),
  ...(options.costCenterId ? { costCenterId: options.costCenterId } : {}),
});

export interface CashFlowOptions {
  from: string;
  to: string;
  grain: Grain;
  bankAccountId?: string;
}

/** The periods of [from, to] by day, ISO week (Monday) or month, clipped to the range. */
export function periods(from: string, to: string, grain: Grain, today: string): ReportColumn[] {
  const out: ReportColumn[] = [];
  let start = from;
  while (start <= to) {
    let end: string;
    if (grain === 'day') end = start;
    else if (grain === 'week') {
      const weekday = (new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7;
      end = addDays(start, 6 - weekday);
    } else end = `${start.slice(0, 7)}-${pad(lastDay(Number(start.slice(0, 4)), Number(start.slice(5, 7))))}`;
    if (end > to) end = to;
    const label = grain === 'day' ? br(start) : grain === 'week' ? `${br(start)}–${br(end)}` : `${MONTHS[Number(start.slice(5, 7)) - 1]}/${start.slice(0, 4)}`;
    out.push({ key: start, label, from: start, to: end, future: start > today });
    start = addDays(end, 1);
  }
  return out;
}

export async function cashFlowReport(trx: Trx, orgId: string, options: CashFlowOptions, today: string): Promise<ReportAnswer> {
  const columns = periods(options.from, options.to, options.grain, today);
  const account = options.bankAccountId ? sql`AND d.bank_account_id = ${options.bankAccountId}` : sql``;
  // Saldo inicial of each account at `from`: its latest saldo de conta (or opening balance) and the baixas since.
  const opening = await sql<{ balance: string }>`
    WITH base AS (
      SELECT a.id, COALESCE(b.date, CASE WHEN a.opening_balance_date <= ${options.from}::date THEN a.opening_balance_date END) AS since,
        COALESCE(b.amount, CASE WHEN a.opening_balance_date <= ${options.from}::date THEN a.opening_balance ELSE 0 END) AS amount
      FROM bank_accounts a
      LEFT JOIN LATERAL (SELECT x.date, x.amount FROM account_balances x WHERE x.org_id = a.org_id AND x.bank_account_id = a.id AND x.date <= ${options.from}::date ORDER BY x.date DESC LIMIT 1) b ON true
      WHERE a.org_id = ${orgId} ${options.bankAccountId ? sql`AND a.id = ${options.bankAccountId}` : sql``}
    )
    SELECT (COALESCE(sum(base.amount), 0) + COALESCE((SELECT sum(CASE WHEN d.direction = 'receivable' THEN d.paid ELSE -d.paid END)
      FROM bi_daily d JOIN base ON base.id = d.bank_account_id
      WHERE d.org_id = ${orgId} AND d.basis = 'paid' AND d.day < ${options.from}::date AND (base.since IS NULL OR d.day >= base.since)), 0))::text AS balance
    FROM base`.execute(trx);
  const moves = await sql<{ day: string; basis: 'due' | 'paid'; direction: 'payable' | 'receivable'; paid: string; open: string; ahead: string }>`
    SELECT d.day::text AS day, d.basis, d.direction, sum(d.paid)::text AS paid, sum(d.open)::text AS open, sum(d.open) FILTER (WHERE d.day >= ${today}::date)::text AS ahead
    FROM bi_daily d WHERE d.org_id = ${orgId} AND d.day BETWEEN ${options.from}::date AND ${options.to}::date ${account}
    GROUP BY 1, 2, 3`.execute(trx);
  const at = (day: string) => columns.findIndex((c) => c.from <= day && day <= c.to);
  const zero = () => columns.map(() => 0);
  const inForecast = zero(), outForecast = zero(), inActual = zero(), outActual = zero(), ahead = zero();
  for (const move of moves.rows) {
    const i = at(move.day);
    if (i < 0) continue;
    if (move.basis === 'due') {
      (move.direction === 'receivable' ? inForecast : outForecast)[i] += Number(move.open);
      ahead[i] += (move.direction === 'receivable' ? 1 : -1) * Number(move.ahead ?? 0);
    } else (move.direction === 'receivable' ? inActual : outActual)[i] += Number(move.paid);
  }
  const openingValues: number[] = [];
  const closing: number[] = [];
  let balance = Number(opening.rows[0]?.balance ?? 0);
  columns.forEach((_, i) => {
    openingValues.push(balance);
    balance += inActual[i] - outActual[i] + ahead[i];
    closing.push(balance);
  });
  const actual = (values: number[]) => values.map((v, i) => (columns[i].future ? null : v));
  const drill = (basis: 'due' | 'paid', measure: 'open' | 'paid', direction: 'payable' | 'receivable') => ({ basis, measure, direction, ...dims(options) });
  const rows: ReportRow[] = [
    { key: 'opening', label: 'Saldo inicial', kind: 'balance', values: openingValues, total: openingValues[0] ?? 0 },
    { key: 'inForecast', label: 'Recebimentos previstos', kind: 'line', values: inForecast, total: sum(inForecast), drill: drill('due', 'open', 'receivable') },
    { key: 'outForecast', label: 'Pagamentos previstos', kind: 'line', values: outForecast.map((v) => -v), total: -sum(outForecast), drill: drill('due', 'open', 'payable') },
    { key: 'inActual', label: 'Recebimentos realizados', kind: 'line', values: actual(inActual), total: sum(inActual), drill: drill('paid', 'paid', 'receivable') },
    { key: 'outActual', label: 'Pagamentos realizados', kind: 'line', values: actual(outActual.map((v) => -v)), total: -sum(outActual), drill: drill('paid', 'paid', 'payable') },
    { key: 'closing', label: 'Saldo final', kind: 'balance', values: closing, total: closing.at(-1) ?? balance },
  ];
  return { columns, rows };
}

const DRILL_LIMIT = 500;

/**
 * The parcelas behind one number: the raw rows through `bi_facts`, with what each puts in the
 * cell, signed as the reports show it (a receber +, a pagar −), so they add up to the number.
 */
export async function drill(trx: Trx, orgId: string, key: DrillKey & { from: string; to: string }): Promise<DrillAnswer> {
  // DRE lines, comma-separated (a subtotal names the lines above it); a missing category falls where the DRE puts it.
  const lines = key.dreLine ? key.dreLine.split(',') : [];
  // The baixas' juros + multa − desconto (Resultado financeiro, at the baixa's date on every basis):
  // their own detail row (`financial`), and any line or subtotal drill that takes Resultado financeiro.
  const principal = key.measure !== 'financial';
  const financial = !principal || (key.measure === 'amount' && lines.includes('financialResult') && key.categoryId === undefined);
  const baixas = sql`SELECT s.installment_id FROM installment_settlements s WHERE s.org_id = ${orgId} AND s.paid_on BETWEEN ${key.from}::date AND ${key.to}::date`;
  const ofBasis =
    key.basis === 'due'
      ? sql`SELECT i.id FROM installments i WHERE i.org_id = ${orgId} AND i.due_date BETWEEN ${key.from}::date AND ${key.to}::date`
      : key.basis === 'paid'
        ? baixas
        : sql`SELECT i.id FROM installments i JOIN finance_entries e ON e.id = i.entry_id WHERE i.org_id = ${orgId} AND e.org_id = ${orgId}
            AND to_date('01/' || e.competence, 'DD/MM/YYYY') BETWEEN date_trunc('month', ${key.from}::date) AND ${key.to}::date`;
  const candidates = principal && financial && key.basis !== 'paid' ? sql`${ofBasis} UNION ${baixas}` : principal ? ofBasis : baixas;
  const inLines = sql`ARRAY[${sql.join(lines.length ? lines : [''])}]::text[]`;
  const line = key.dreLine
    ? sql`AND (EXISTS (SELECT 1 FROM expense_categories c WHERE c.org_id = ${orgId} AND f.direction = 'payable' AND c.id = f.category_id AND c.dre_line = ANY(${inLines}))
        OR EXISTS (SELECT 1 FROM revenue_categories c WHERE c.org_id = ${orgId} AND f.direction = 'receivable' AND c.id = f.category_id AND c.dre_line = ANY(${inLines}))
        OR (${'operatingExpenses'} = ANY(${inLines}) AND f.direction = 'payable' AND NOT EXISTS (SELECT 1 FROM expense_categories c WHERE c.org_id = ${orgId} AND c.id = f.category_id))
        OR (${'grossRevenue'} = ANY(${inLines}) AND f.direction = 'receivable' AND NOT EXISTS (SELECT 1 FROM revenue_categories c WHERE c.org_id = ${orgId} AND c.id = f.category_id)))`
    : sql``;
  // DFC groups, comma-separated; a category without one (or no longer found) is operacional.
  const groups = key.dfcGroup ? key.dfcGroup.split(',') : [];
  const inGroups = sql`ARRAY[${sql.join(groups.length ? groups : [''])}]::text[]`;
  const group = key.dfcGroup
    ? sql`AND COALESCE((SELECT c.dfc_group FROM expense_categories c WHERE c.org_id = ${orgId} AND f.direction = 'payable' AND c.id = f.category_id
        UNION ALL SELECT c.dfc_group FROM revenue_categories c WHERE c.org_id = ${orgId} AND f.direction = 'receivable' AND c.id = f.category_id LIMIT 1), 'operating') = ANY(${inGroups})`
    : sql``;
  const dimensions = sql`${key.direction ? sql`AND f.direction = ${key.direction}` : sql``}
        ${key.categoryId !== undefined ? sql`AND f.category_id = ${key.categoryId}` : sql``}
        ${key.costCenterId !== undefined ? sql`AND f.cost_center_id = ${key.costCenterId}` : sql``}
        ${key.bankAccountId !== undefined ? sql`AND f.bank_account_id = ${key.bankAccountId}` : sql``}`;
  const signed = (value: ReturnType<typeof sql>) => sql`CASE WHEN f.direction = 'payable' THEN -(${value}) ELSE ${value} END`;
  const parts = [
    ...(principal
      ? [sql`SELECT f.installment_id, ${signed(sql.ref(`f.${key.measure}`))} AS v FROM f
      WHERE f.basis = ${key.basis} AND f.day BETWEEN ${key.basis === 'competence' ? sql`date_trunc('month', ${key.from}::date)` : sql`${key.from}::date`} AND ${key.to}::date
        ${dimensions} ${line} ${group}`]
      : []),
    ...(financial ? [sql`SELECT f.installment_id, ${signed(sql`f.paid - f.amount`)} AS v FROM f WHERE f.basis = 'paid' AND f.day BETWEEN ${key.from}::date AND ${key.to}::date ${dimensions} ${group}`] : []),
  ];
  const found = await sql<{ id: string; direction: 'payable' | 'receivable'; entry_number: string; number: number; description: string; due_date: string; status: string; amount: string; count: string; total: string }>`
    WITH f AS (SELECT * FROM bi_facts(ARRAY(${candidates})) f WHERE f.org_id = ${orgId}),
    per AS (SELECT x.installment_id, sum(x.v) AS amount FROM (${sql.join(parts, sql` UNION ALL `)}) x GROUP BY x.installment_id HAVING sum(x.v) <> 0)
    SELECT i.id, i.direction, e.number::text AS entry_number, i.number, i.description, i.due_date::text AS due_date, i.status, per.amount::text AS amount,
      count(*) OVER ()::text AS count, sum(per.amount) OVER ()::text AS total
    FROM per JOIN installments i ON i.id = per.installment_id JOIN finance_entries e ON e.id = i.entry_id
    WHERE i.org_id = ${orgId}
    ORDER BY i.due_date, e.number, i.number
    LIMIT ${DRILL_LIMIT}`.execute(trx);
  const first = found.rows[0];
  return {
    rows: found.rows.map((r) => ({ id: r.id, direction: r.direction, entryNumber: Number(r.entry_number), number: r.number, description: r.description, dueDate: r.due_date, status: r.status, amount: Number(r.amount) })),
    total: first ? Number(first.total) : 0,
    count: first ? Number(first.count) : 0,
    truncated: first ? Number(first.count) > DRILL_LIMIT : false,
  };
}
