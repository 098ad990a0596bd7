import { useState } from 'react';
import type { ImportField } from '../../contracts/importFields';
import { IMPORT_PREVIEW_ROWS, type ImportPreview } from '../../contracts/imports';
import { t } from '../../core/i18n';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { saveMapping } from './api';

export interface PreviewStepProps {
  batchId: string;
  mapping: Record<string, string>;
  fields: ImportField[];
  preview: ImportPreview;
  onBack: () => void;
  onRun: () => Promise<void>;
}

/** The rows as the server read them, each with its field errors, and the counts of the whole file. */
export function PreviewStep({ batchId, mapping, fields, preview: first, onBack, onRun }: PreviewStepProps) {
  const [preview, setPreview] = useState(first);
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const mapped = fields.filter((field) => Object.values(mapping).includes(field.key));
  const labelOf = (key: string) => (key === '_row' ? t('imports.preview.line') : (fields.find((f) => f.key === key)?.label ?? key));

  const toggle = async (next: boolean) => {
    setOnlyInvalid(next);
    try {
      setPreview(await saveMapping(batchId, mapping, next));
    } catch {
      setOnlyInvalid(!next);
    }
  };

  return (
    <div className={ui.stack}>
      <p role="status">{t('imports.preview.summary', { valid: preview.valid, invalid: preview.invalid })}</p>
      {preview.updates ? <p>{t('imports.preview.updates', { count: preview.updates })}</p> : null}
      {preview.invalid > 0 && <p className={css.muted}>{t('imports.preview.invalidNote')}</p>}
      <label className={ui.checkbox}>
        <input type="checkbox" checked={onlyInvalid} onChange={(event) => void toggle(event.target.checked)} />
        <span>{t('imports.preview.onlyInvalid')}</span>
      </label>
      <div className={css.virtualWrap}>
        <table className={css.table}>
          <caption className={css.muted}>{preview.rows.length >= IMPORT_PREVIEW_ROWS ? t('imports.preview.limited', { count: IMPORT_PREVIEW_ROWS }) : t('imports.preview.caption')}</caption>
          <thead>
            <tr>
              <th className={css.th} scope="col">{t('imports.preview.line')}</th>
              {/* The errors next to the line number: in view however many columns the file has. */}
              <th className={css.th} scope="col">{t('imports.preview.errors')}</th>
              {mapped.map((field) => <th key={field.key} className={css.th} scope="col">{field.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => {
              const errors = Object.entries(row.errors).filter(([, messages]) => messages.length > 0);
              return (
                <tr key={row.line} className={errors.length ? css.selectedRow : undefined} data-invalid={errors.length > 0 || undefined}>
                  <th className={css.td} scope="row">{row.line}</th>
                  <td className={css.td}>
                    {errors.length === 0 ? (
                      t('imports.preview.ok')
                    ) : (
                      <ul className={ui.fieldError}>
                        {errors.flatMap(([key, messages]) => messages.map((message, i) => <li key={`${key}-${i}`}>{`${labelOf(key)}: ${message}`}</li>))}
                      </ul>
                    )}
                  </td>
                  {mapped.map((field) => <td key={field.key} className={css.td} aria-invalid={row.errors[field.key]?.length ? true : undefined}>{row.values[field.key] ?? ''}</td>)}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className={ui.row}>
        <button type="button" className={ui.button.secondary} onClick={onBack}>{t('imports.preview.back')}</button>
        <button
          type="button"
          className={ui.button.primary}
          disabled={busy || preview.valid === 0}
          aria-busy={busy || undefined}
          onClick={async () => {
            setBusy(true);
            try {
              await onRun();
            } finally {
              setBusy(false);
            }
          }}
        >
          {preview.valid === 0 ? t('imports.preview.none') : t('imports.preview.run', { count: preview.valid })}
        </button>
      </div>
    </div>
  );
}
