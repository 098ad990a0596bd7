/**
 * A report's answer (contracts/reports.ts) as CSV for a BI tool or a spreadsheet: one line per
 * (row, period) — the "long" shape Power BI and Metabase pivot themselves —, as Excel in pt-BR
 * reads it (UTF-8 with BOM, `;`, CRLF, decimal comma, no thousands separator). Money in reais;
 * an empty value is a cell that does not apply (realizado of a future period). Labels typed by
 * users (category names) are neutralised like every export (SECURITY.md "uploads").
 */
import type { ReportAnswer } from '../../src/contracts/reports.js';
import { neutralise } from '../registry/export.js';

export const REPORT_CSV_HEADER = ['Linha', 'Chave', 'Tipo', 'Linha superior', 'Período', 'De', 'Até', 'Valor (R$)'] as const;

const quote = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** Centavos → "-1234,56". */
export function reais(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(centavos));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export function toReportCsv(answer: ReportAnswer): Buffer {
  const lines = [REPORT_CSV_HEADER.join(';')];
  for (const row of answer.rows) {
    answer.columns.forEach((column, i) => {
      const value = row.values[i];
      lines.push([neutralise(row.label), row.key, row.kind, row.parent ?? '', column.label, column.from, column.to, value === null || value === undefined ? '' : reais(value)].map(quote).join(';'));
    });
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
