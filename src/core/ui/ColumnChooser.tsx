import { useId } from 'react';
import type { AnyResource, ColumnDef } from '../../contracts/resource';
import { t } from '../i18n';
import { fieldLabel } from '../resources/labels';
import * as css from './data.css';
import * as ui from './ui.css';

interface Props {
  resource: AnyResource;
  /** Every column the declaration offers, in its order. */
  columns: readonly ColumnDef[];
  /** The fields shown now. */
  shown: readonly string[];
  /** The new choice (null: back to the declaration's columns). */
  onChange: (fields: string[] | null) => void;
}

/** "Colunas": a checkbox per column of the list; the last one shown cannot be hidden. */
export default function ColumnChooser({ resource, columns, shown, onChange }: Props) {
  const id = useId();
  const visible = new Set(shown);
  const toggle = (field: string, on: boolean) => {
    const next = columns.map((column) => column.field).filter((name) => (name === field ? on : visible.has(name)));
    onChange(next.length === columns.length ? null : next);
  };
  return (
    <fieldset className={css.chooser} aria-describedby={`${id}-ajuda`}>
        <legend className={ui.label}>{t('registry.columns.legend')}</legend>
        <p id={`${id}-ajuda`} className={css.muted}>{t('registry.columns.help')}</p>
        {columns.map((column) => {
          const on = visible.has(column.field);
          return (
            <label key={column.field} className={ui.checkbox}>
              <input type="checkbox" checked={on} disabled={on && shown.length === 1} onChange={(event) => toggle(column.field, event.target.checked)} />
              {fieldLabel(resource, column.field)}
            </label>
          );
        })}
        {shown.length !== columns.length && (
          <button type="button" className={ui.button.link} onClick={() => onChange(null)}>{t('registry.columns.reset')}</button>
        )}
    </fieldset>
  );
}
