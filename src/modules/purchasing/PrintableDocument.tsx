/**
 * A document the buyer prints or sends (the solicitação de cotação, the ordem de compra): its head
 * with the print button, its facts, its lines as a table and what follows them (totals). On paper
 * only the document shows (print.css.ts).
 */
import type { ReactNode } from 'react';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { printable } from '../../core/ui/print.css';

export interface DocumentColumn {
  label: string;
  numeric?: boolean;
}

interface Props {
  /** The document's accessible name. */
  label: string;
  /** What stands beside the print button (a heading, the large number). */
  head: ReactNode;
  /** The head's own style (the ordem's ruled head); the standard header otherwise. */
  headClassName?: string;
  printLabel: string;
  facts: readonly (readonly [label: string, value: ReactNode])[];
  linesLabel: string;
  columns: readonly DocumentColumn[];
  /** One row of cells per line, in the columns' order. */
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
  children?: ReactNode;
}

export function PrintableDocument({ label, head, headClassName, printLabel, facts, linesLabel, columns, rows, children }: Props) {
  return (
    <article className={`${printable.document} ${printable.sheet}`} aria-label={label}>
      <header className={headClassName ?? data.header}>
        {head}
        <button type="button" className={`${ui.button.secondary} ${printable.noPrint}`} onClick={() => window.print()}>{printLabel}</button>
      </header>
      <dl className={data.dl}>
        {facts.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={data.dt}>{term}</dt>
            <dd className={data.dd}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={data.tableWrap} tabIndex={0} role="region" aria-label={linesLabel}>
        <table className={data.table}>
          <caption className={printable.visuallyHidden}>{linesLabel}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={column.numeric ? data.numericHead : data.th}>{column.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, i) => (
                  <td key={columns[i].label} className={columns[i].numeric ? data.numericCell : data.td}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {children}
    </article>
  );
}
