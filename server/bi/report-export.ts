/**
 * A report's download as the screen shows it (issue 26): the rows' column, one column per period
 * (or cost centre), the total and the % of the report's base row (DRE: receita líquida); detail
 * rows indented under their line. Written by the lists' exporters (registry/export.ts `csvOf`,
 * registry/xlsx.ts): money a currency number in XLSX and "R$ 1.234,56" in the pt-BR CSV (UTF-8
 * with BOM, `;`, decimal comma); a cell that does not apply (realizado of a future period) empty;
 * labels typed by users (category names) neutralised. A BI tool's CSV is tokens-csv.ts (long shape).
 */
import type { ReportAnswer, ReportDeclaration } from '../../src/contracts/reports.js';
import { csvOf, neutralise } from '../registry/export.js';
import { xlsx, type Cell } from '../registry/xlsx.js';

const money = (centavos: number | null): Cell => (centavos === null ? null : { value: centavos / 100, centavos, format: 'money' });

export function reportGrid(declaration: Pick<ReportDeclaration, 'rowsLabel'>, answer: ReportAnswer): { header: string[]; rows: Cell[][] } {
  const base = answer.percentOf ? answer.rows.find((r) => r.key === answer.percentOf) : undefined;
  const header = [declaration.rowsLabel, ...answer.columns.map((c) => c.label), 'Total', ...(base ? ['% da receita líquida'] : [])];
  const rows = answer.rows.map((row): Cell[] => [
    `${row.parent ? '    ' : ''}${neutralise(row.label)}`,
    ...row.values.map(money),
    money(row.total),
    ...(base ? [row.total === null || !base.total ? null : { value: row.total / base.total, format: 'percent' as const }] : []),
  ]);
  return { header, rows };
}

export const reportCsv = (declaration: Pick<ReportDeclaration, 'rowsLabel'>, answer: ReportAnswer): Buffer => {
  const { header, rows } = reportGrid(declaration, answer);
  return csvOf(header, rows);
};

export const reportXlsx = (declaration: Pick<ReportDeclaration, 'rowsLabel' | 'title'>, answer: ReportAnswer): Buffer => {
  const { header, rows } = reportGrid(declaration, answer);
  return xlsx(declaration.title, header, rows);
};
