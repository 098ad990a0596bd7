import { useId, useState, type FormEvent } from 'react';
import { importFileKind, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_RESOURCE_LABELS, IMPORT_RESOURCE_TYPES, IMPORT_TARGETS, type ImportResourceType, type ImportUploaded } from '../../contracts/imports';
import { useLoadedDeclaration } from '../../core/catalogue/load';
import { t } from '../../core/i18n';
import { fieldLabel } from '../../core/resources/labels';
import { FilePicker } from '../../core/ui/FilePicker';
import * as ui from '../../core/ui/ui.css';
import { useQuery } from '../../core/navigation';
import { downloadImportTemplate, uploadBatch } from './api';

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** The file's problem before sending (type by extension, size), or null. */
export function fileProblem(file: File | null): string | null {
  if (!file) return t('imports.upload.noFile');
  if (!importFileKind(file.name)) return t('imports.upload.wrongType');
  if (file.size > IMPORT_MAX_BYTES) return t('imports.upload.tooLarge', { size: mb(file.size), max: mb(IMPORT_MAX_BYTES) });
  return null;
}

export function UploadStep({ onUploaded }: { onUploaded: (batch: ImportUploaded) => void }) {
  const id = useId();
  // `?tipo=suppliers` (the first-run checklist's "Importar planilha") chooses the type.
  const asked = useQuery().get('tipo');
  const [type, setType] = useState<ImportResourceType>((IMPORT_RESOURCE_TYPES as readonly string[]).includes(asked ?? '') ? (asked as ImportResourceType) : IMPORT_RESOURCE_TYPES[0]);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const target = useLoadedDeclaration(IMPORT_TARGETS[type].resource);
  const keyLabel = target ? fieldLabel(target, IMPORT_TARGETS[type].key) : IMPORT_TARGETS[type].key;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fileProblem(file);
    setProblem(found);
    if (found || !file) return;
    setBusy(true);
    try {
      onUploaded(await uploadBatch(file, type));
    } catch {
      // the HTTP notice explains it (413, 415, 400)
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={ui.stack} onSubmit={submit} noValidate>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${id}-type`}>{t('imports.upload.type')}</label>
        <select id={`${id}-type`} className={ui.input} value={type} onChange={(event) => setType(event.target.value as ImportResourceType)}>
          {IMPORT_RESOURCE_TYPES.map((option) => <option key={option} value={option}>{IMPORT_RESOURCE_LABELS[option]}</option>)}
        </select>
        <span className={ui.hint}>{t('imports.upload.keyHelp', { key: keyLabel })}</span>
        <div className={ui.row}>
          <button type="button" className={ui.button.link} aria-describedby={`${id}-template`} onClick={() => void downloadImportTemplate(type).catch(() => undefined)}>
            {t('imports.upload.template')}
          </button>
          <span id={`${id}-template`} className={ui.hint}>{t('imports.upload.templateHelp')}</span>
        </div>
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${id}-file`}>{t('imports.upload.file')}</label>
        <FilePicker
          id={`${id}-file`}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-help${problem ? ` ${id}-error` : ''}`}
          onFile={(chosen) => {
            setFile(chosen);
            setProblem(chosen ? fileProblem(chosen) : null);
          }}
        />
        <span id={`${id}-help`} className={ui.hint}>{t('imports.upload.help', { size: mb(IMPORT_MAX_BYTES), rows: IMPORT_MAX_ROWS.toLocaleString('pt-BR') })}</span>
        {problem && <ul id={`${id}-error`} className={ui.fieldError}><li>{problem}</li></ul>}
      </div>
      <div className={ui.row}>
        <button type="submit" className={ui.button.primary} disabled={busy} aria-busy={busy || undefined}>{busy ? t('imports.upload.sending') : t('imports.upload.send')}</button>
      </div>
    </form>
  );
}
