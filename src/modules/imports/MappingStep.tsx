import { useMemo, useState, type FormEvent } from 'react';
import { missingRequired, type ImportField } from '../../contracts/importFields';
import type { ImportPreview } from '../../contracts/imports';
import { t } from '../../core/i18n';
import { Alert } from '../../core/ui/Alert';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { saveMapping } from './api';

export interface MappingStepProps {
  batchId: string;
  columns: string[];
  sampleRows: string[][];
  fields: ImportField[];
  initial: Record<string, string>;
  onPreview: (mapping: Record<string, string>, preview: ImportPreview) => void;
}

/** Problems of a mapping: required fields left out, a field on two columns. */
export function mappingProblems(mapping: Record<string, string>, fields: ImportField[]): string[] {
  const problems: string[] = [];
  const missing = missingRequired(mapping, fields);
  if (missing.length) problems.push(t('imports.mapping.missing', { fields: missing.map((f) => f.label).join(', ') }));
  const seen = new Set<string>();
  for (const key of Object.values(mapping)) {
    if (seen.has(key)) problems.push(t('imports.mapping.duplicate', { field: fields.find((f) => f.key === key)?.label ?? key }));
    seen.add(key);
  }
  return problems;
}

export function MappingStep({ batchId, columns, sampleRows, fields, initial, onPreview }: MappingStepProps) {
  const [mapping, setMapping] = useState<Record<string, string>>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const label = useMemo(() => (field: ImportField) => `${field.label}${field.required ? ` ${t('imports.mapping.required')}` : ''}${field.isKey ? ` ${t('imports.mapping.key')}` : ''}`, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = mappingProblems(mapping, fields);
    setProblems(found);
    if (found.length) return;
    setBusy(true);
    try {
      onPreview(mapping, await saveMapping(batchId, mapping));
    } catch {
      // the HTTP notice explains it
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={ui.stack} onSubmit={submit} noValidate>
      <p>{t('imports.mapping.intro')}</p>
      {problems.length > 0 && <Alert tone="error"><ul>{problems.map((p) => <li key={p}>{p}</li>)}</ul></Alert>}
      <div className={css.tableWrap}>
        <table className={css.table}>
          <thead>
            <tr>
              <th className={css.th} scope="col">{t('imports.mapping.column')}</th>
              <th className={css.th} scope="col">{t('imports.mapping.sample')}</th>
              <th className={css.th} scope="col">{t('imports.mapping.field')}</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((column, index) => (
              <tr key={column}>
                <th className={css.td} scope="row">{column}</th>
                <td className={css.td}>{sampleRows.slice(0, 2).map((row) => row[index] ?? '').filter(Boolean).join(' · ')}</td>
                <td className={css.td}>
                  <select
                    className={ui.input}
                    aria-label={`${t('imports.mapping.field')}: ${column}`}
                    value={mapping[column] ?? ''}
                    onChange={(event) => {
                      const next = { ...mapping };
                      if (event.target.value) next[column] = event.target.value;
                      else delete next[column];
                      setMapping(next);
                    }}
                  >
                    <option value="">{t('imports.mapping.ignore')}</option>
                    {fields.map((field) => <option key={field.key} value={field.key}>{label(field)}</option>)}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={ui.row}>
        <button type="submit" className={ui.button.primary} disabled={busy} aria-busy={busy || undefined}>{t('imports.mapping.next')}</button>
      </div>
    </form>
  );
}
