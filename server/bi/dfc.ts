/**
 * The DFC by the direct method (issue 26, DOMAIN.md), from the summary tables like the DRE
 * (reports.ts): the realised baixas of the year by category, each category under its DFC group.
 */
import { sql } from 'kysely';
import { DFC_GROUP_LABELS, DFC_GROUPS, type DfcGroup } from '../../src/contracts/reportPages.js';
import type { DrillKey, ReportAnswer, ReportRow } from '../../src/contracts/reports.js';
import { categoriesOf, categoryLabel, dims, sum, yearCells, yearColumns, type Direction, type Trx } from './reports.js';

export interface DfcOptions {
  year: number;
  bankAccountId?: string;
  costCenterId?: string;
}

/**
 * DFC by the direct method (DOMAIN.md): the cash of the realised baixas (principal + juros + multa
 * − desconto, estornos out) by payment month, each category under its DFC group (none:
 * operacional), receipts positive and payments negative; Variação líquida do caixa adds the
 * three groups. Every number drills into the baixas behind it (basis `paid`, measure `paid`).
 */
export async function dfcReport(trx: Trx, orgId: string, options: DfcOptions, today: string): Promise<ReportAnswer> {
  const columns = yearColumns(options.year, today);
  const cells = await yearCells(trx, orgId, { ...options, basis: 'paid' }, sql`extract(month FROM s.month)::int`, 'paid');
  const byId = await categoriesOf(trx, orgId);
  const groups = new Map<DfcGroup, { values: number[]; details: Map<string, { label: string; direction: Direction; categoryId: string; values: number[] }> }>(
    DFC_GROUPS.map((g) => [g, { values: columns.map(() => 0), details: new Map() }]),
  );
  for (const cell of cells) {
    const at = Number(cell.b) - 1;
    const category = byId.get(`${cell.direction}:${cell.category_id}`);
    const group = groups.get(category?.dfc_group ?? 'operating')!;
    const signed = cell.direction === 'receivable' ? Number(cell.amount) : -Number(cell.amount);
    group.values[at] += signed;
    const key = `${cell.direction}:${cell.category_id}`;
    const detail = group.details.get(key) ?? { label: categoryLabel(category), direction: cell.direction, categoryId: cell.category_id, values: columns.map(() => 0) };
    detail.values[at] += signed;
    group.details.set(key, detail);
  }
  const drill = (extra: Partial<DrillKey>): DrillKey => ({ basis: 'paid', measure: 'paid', ...extra, ...dims(options) });
  const rows: ReportRow[] = [];
  for (const [key, group] of groups) {
    rows.push({ key, label: DFC_GROUP_LABELS[key], kind: 'line', values: group.values, total: sum(group.values), drill: drill({ dfcGroup: key }) });
    const details = [...group.details.values()].sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
    for (const detail of details)
      rows.push({ key: `${key}:${detail.direction}:${detail.categoryId}`, label: detail.label, kind: 'detail', parent: key, values: detail.values, total: sum(detail.values), drill: drill({ direction: detail.direction, categoryId: detail.categoryId }) });
  }
  const net = columns.map((_, i) => sum([...groups.values()].map((g) => g.values[i])));
  rows.push({ key: 'netChange', label: 'Variação líquida do caixa', kind: 'subtotal', values: net, total: sum(net), drill: drill({ dfcGroup: DFC_GROUPS.join(',') }) });
  return { columns, rows };
}
