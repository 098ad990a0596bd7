/**
 * The registry table: sortable headers (aria-sort), the first column links to the record, a
 * click anywhere on a row opens it, checkboxes for bulk selection, and virtualised rows past
 * `VIRTUAL_THRESHOLD` (the virtualiser is loaded only then).
 */
import { lazy, Suspense, useRef, type MouseEvent } from 'react';
import { recordName, type AnyResource, type ColumnDef } from '../../contracts/resource';
import { t } from '../i18n';
import { fieldLabel } from '../resources/labels';
import { fieldDef } from '../resources/query';
import type { Row } from '../resources/useList';
import * as css from './data.css';
import { FieldValue } from './fields/FieldValue';
import { Link } from './Link';

const VirtualRows = lazy(() => import('./VirtualRows'));

export const VIRTUAL_THRESHOLD = 100;

export interface DataTableProps {
  resource: AnyResource;
  columns: readonly ColumnDef[];
  rows: Row[];
  caption: string;
  sort?: string;
  onSort?: (field: string) => void;
  /** Where a row leads (its show page); rows without it do not open. */
  hrefFor?: (row: Row) => string;
  onOpen?: (row: Row) => void;
  selectable?: boolean;
  selected?: ReadonlySet<string>;
  onSelect?: (ids: Set<string>) => void;
  /** A line under a row's workflow state (where its approval stands), by row id. */
  stateNotes?: ReadonlyMap<string, string>;
  /** Where a reference cell leads (a record's items on its show page: a remessa's parcelas), or null. */
  linkOf?: (target: string, id: string) => string | null;
}

export interface RowProps {
  row: Row;
  props: DataTableProps;
  index: number;
}

const title = (resource: AnyResource, row: Row) => recordName(resource, row[resource.titleField]) || row.id;

/** Amounts and counts line up on the right in tabular figures, their headers too. */
const NUMERIC = new Set(['money', 'integer', 'percent']);
export const isNumericColumn = (resource: AnyResource, field: string) => NUMERIC.has(fieldDef(resource, field)?.type ?? '');

export function TableRow({ row, props, index }: RowProps) {
  const { resource, columns, hrefFor, onOpen, selectable, selected, onSelect } = props;
  const isSelected = selected?.has(row.id) ?? false;
  const open = (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, label')) return;
    onOpen?.(row);
  };
  return (
    <tr role="row" className={`${onOpen ? css.row : ''} ${isSelected ? css.selectedRow : ''}`} onClick={open} aria-selected={selectable ? isSelected : undefined} data-index={index}>
      {selectable && (
        <td role="cell" className={css.checkCell}>
          <input
            type="checkbox"
            checked={isSelected}
            aria-label={t('registry.table.selectRow', { title: title(resource, row) })}
            onChange={(event) => {
              const next = new Set(selected);
              if (event.target.checked) next.add(row.id);
              else next.delete(row.id);
              onSelect?.(next);
            }}
          />
        </td>
      )}
      {columns.map((column, i) => {
        const def = fieldDef(resource, column.field);
        const note = column.field === resource.workflow?.field ? props.stateNotes?.get(row.id) : undefined;
        const cell = def ? <FieldValue resource={resource} field={column.field} def={def} value={row[column.field]} refs={row._refs?.[column.field]} compact /> : null;
        const rowLink = i === 0 && hrefFor && onOpen;
        const target = !rowLink && def?.type === 'reference' && typeof row[column.field] === 'string' ? props.linkOf?.(def.resource, row[column.field] as string) : null;
        const shown = target ? <Link href={target}>{cell}</Link> : cell;
        const value = note ? <>{shown}<span className={css.stateNote}>{note}</span></> : shown;
        return (
          <td key={column.field} role="cell" data-label={fieldLabel(resource, column.field)} className={isNumericColumn(resource, column.field) ? css.numericCell : css.td}>
            {rowLink ? (
              <Link className={css.rowLink} href={hrefFor(row)} onFollow={() => onOpen(row)}>
                {value}
              </Link>
            ) : (
              value
            )}
          </td>
        );
      })}
    </tr>
  );
}

function SortHeader({ props, column }: { props: DataTableProps; column: ColumnDef }) {
  const { resource, sort = '', onSort } = props;
  const label = fieldLabel(resource, column.field);
  const direction = sort === column.field ? 'ascending' : sort === `-${column.field}` ? 'descending' : 'none';
  return (
    <th scope="col" role="columnheader" data-sortable={column.sortable && onSort ? '' : undefined} className={isNumericColumn(resource, column.field) ? css.numericHead : css.th} aria-sort={column.sortable ? direction : undefined} style={column.width ? { width: column.width } : undefined}>
      {column.sortable && onSort ? (
        <button
          type="button"
          className={css.sortButton}
          aria-label={t(direction === 'ascending' ? 'registry.table.sortDesc' : 'registry.table.sortAsc', { label })}
          onClick={() => onSort(column.field)}
        >
          <span>{label}</span>
          <span aria-hidden="true">{direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}</span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}

export function DataTable(props: DataTableProps) {
  const { rows, columns, caption, selectable, selected, onSelect } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUAL_THRESHOLD;
  const allSelected = rows.length > 0 && rows.every((row) => selected?.has(row.id));
  const someSelected = !allSelected && rows.some((row) => selected?.has(row.id));
  return (
    // Focusable and named: a table wider than the screen scrolls inside its frame, from the keyboard too.
    // In a narrow box (a phone) a short list lays its rows out as cards, each value under its column's name (roles kept explicit for that).
    <div ref={scroller} className={virtual ? css.virtualWrap : css.tableWrap} part="table" tabIndex={0} role="region" aria-label={caption}>
      <table role="table" className={virtual ? css.table : `${css.table} ${css.cards}`} aria-rowcount={virtual ? rows.length + 1 : undefined}>
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {selectable && (
              <th scope="col" role="columnheader" data-sortable="" className={css.th} style={{ width: 40 }}>
                <input
                  type="checkbox"
                  checked={allSelected}
                  ref={(node) => {
                    if (node) node.indeterminate = someSelected;
                  }}
                  aria-label={t('registry.table.selectAll')}
                  onChange={(event) => {
                    const next = new Set(selected);
                    for (const row of rows) {
                      if (event.target.checked) next.add(row.id);
                      else next.delete(row.id);
                    }
                    onSelect?.(next);
                  }}
                />
              </th>
            )}
            {columns.map((column) => <SortHeader key={column.field} props={props} column={column} />)}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {virtual ? (
            <Suspense fallback={rows.slice(0, 30).map((row, index) => <TableRow key={row.id} row={row} props={props} index={index} />)}>
              <VirtualRows scroller={scroller} props={props} colSpan={columns.length + (selectable ? 1 : 0)} />
            </Suspense>
          ) : (
            rows.map((row, index) => <TableRow key={row.id} row={row} props={props} index={index} />)
          )}
        </tbody>
      </table>
    </div>
  );
}
