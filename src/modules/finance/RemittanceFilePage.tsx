/**
 * /arquivos-de-remessa/remessas-geradas/{remittanceId}/arquivo: the remessa's file (download, its
 * SHA-256 to compare with what the bank received) and the retorno import with what it did to
 * each payment. The record itself (state, payments, history) is the generic show page around it.
 * While the job generates the file (`generating`), a progress bar ("n de N parcelas") fed by
 * reading the record again every REMITTANCE_POLL_MS; then the download — or the reason it failed.
 * A retorno is validated whole by the request and applied by a job: its import record is read
 * again every REMITTANCE_POLL_MS while `processing` ("n de N linhas"), then its result.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { registerCatalogue, t } from '../../core/i18n';
import { invalidate } from '../../core/resources/cache';
import { Alert } from '../../core/ui/Alert';
import { FilePicker } from '../../core/ui/FilePicker';
import { Link } from '../../core/ui/Link';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { useRecordLinks } from '../registry/recordLinks';
import type { SubPageProps } from '../registry/spec';
import { downloadRemittance, importReturn, readReturnImport, type ReturnImport } from './remittanceApi';
import { remittanceTexts } from './remittanceCatalogue';

registerCatalogue(remittanceTexts);

const PAYABLE_INSTALLMENTS = 'payableInstallments';

/** How often the page reads the remessa again while its file is being generated. */
export const REMITTANCE_POLL_MS = 500;

export default function RemittanceFilePage({ resource, record }: SubPageProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReturnImport | null>(null);
  const linkOf = useRecordLinks();
  const fileName = String(record.fileName ?? 'remessa.rem');
  const status = String(record.status ?? '');

  // While generating: the record again (header, state, progress) until the job is done with it.
  useEffect(() => {
    if (status !== 'generating') return;
    const timer = setTimeout(() => void invalidate([resource.name, 'record', record.id]), REMITTANCE_POLL_MS);
    return () => clearTimeout(timer);
  }, [status, record, resource.name]);

  // While the retorno is applied: its import again, then the record (state, counts) once it is done.
  const importing = result?.status === 'processing' ? result.id : null;
  useEffect(() => {
    if (!importing) return;
    let live = true;
    const timer = setTimeout(() => {
      void readReturnImport(importing)
        .then((read) => {
          if (!live) return;
          setResult(read);
          if (read.status !== 'processing') void invalidate([resource.name, 'record', record.id]);
        })
        .catch(() => live && setResult((current) => current && { ...current })); // try again on the next turn
    }, REMITTANCE_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [importing, result, resource.name, record.id]);

  if (status === 'generating' || status === 'failed') {
    const processed = Number(record.processedCount ?? 0);
    const total = Math.max(Number(record.paymentCount ?? 0), 1);
    return (
      <section className={ui.stack} aria-labelledby={`${id}-file`}>
        <h2 id={`${id}-file`} style={{ margin: 0 }}>{t('remittances.file.title')}</h2>
        <div className={ui.field}>
          <span className={ui.label} id={`${id}-progress`}>{t('remittances.file.progress')}</span>
          <progress aria-labelledby={`${id}-progress`} max={total} value={processed} style={{ width: '100%' }} />
          <span className={ui.hint} role="status" aria-live="polite">{t('remittances.file.progressStatus', { processed, total: Number(record.paymentCount ?? 0) })}</span>
        </div>
        {status === 'generating' && <p className={ui.hint} style={{ margin: 0 }}>{t('remittances.file.generatingHelp')}</p>}
        {status === 'failed' && <Alert tone="error">{String(record.failureReason ?? t('remittances.file.failed'))}</Alert>}
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem(t('remittances.return.noFile'));
      return;
    }
    setBusy(true);
    try {
      const answer = await importReturn(file);
      setResult(answer);
    } catch {
      // the HTTP notice names the line and field
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={ui.stack}>
      <section className={ui.stack} aria-labelledby={`${id}-file`}>
        <h2 id={`${id}-file`} style={{ margin: 0 }}>{t('remittances.file.title')}</h2>
        <dl className={css.dl}>
          <dt className={css.dt}>{t('remittances.file.sha')}</dt>
          <dd className={css.dd}><code style={{ overflowWrap: 'anywhere' }}>{String(record.sha256 ?? '')}</code><br /><span className={ui.hint}>{t('remittances.file.shaHelp')}</span></dd>
        </dl>
        <div className={ui.row}>
          <button type="button" className={ui.button.primary} onClick={() => void downloadRemittance(record.id, fileName).catch(() => undefined)}>{t('remittances.file.download')} ({fileName})</button>
        </div>
      </section>
      <form className={ui.stack} onSubmit={submit} noValidate aria-labelledby={`${id}-return`}>
        <h2 id={`${id}-return`} style={{ margin: 0 }}>{t('remittances.return.title')}</h2>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={`${id}-input`}>{t('remittances.return.file')}</label>
          <FilePicker
            id={`${id}-input`}
            accept=".ret,.txt,.rem,text/plain,application/octet-stream"
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-help${problem ? ` ${id}-error` : ''}`}
            onFile={(chosen) => {
              setFile(chosen);
              setProblem(null);
            }}
          />
          <span id={`${id}-help`} className={ui.hint}>{t('remittances.return.help')}</span>
          {problem && <ul id={`${id}-error`} className={ui.fieldError}><li>{problem}</li></ul>}
        </div>
        <div className={ui.row}>
          <button type="submit" className={ui.button.secondary} disabled={busy} aria-busy={busy || undefined}>{busy ? t('remittances.return.sending') : t('remittances.return.send')}</button>
        </div>
      </form>
      {result && (
        <section className={ui.stack} aria-live="polite" aria-label={t('remittances.return.title')}>
          {result.duplicate && <Alert tone="info">{t('remittances.return.duplicate')}</Alert>}
          <div className={ui.field}>
            <span className={ui.label} id={`${id}-return-progress`}>{t('remittances.return.progress')}</span>
            <progress aria-labelledby={`${id}-return-progress`} max={Math.max(result.payments, 1)} value={result.processedCount} style={{ width: '100%' }} />
            <span className={ui.hint} role="status">{t('remittances.return.progressStatus', { processed: result.processedCount, total: result.payments })} {t(`remittances.return.status.${result.status}`)}</span>
          </div>
          {result.status === 'failed' && <Alert tone="error">{result.failureReason ?? t('remittances.return.status.failed')}</Alert>}
          {(result.conflict ?? 0) > 0 && <Alert tone="error">{t('remittances.return.conflicts', { conflict: result.conflict })}</Alert>}
          <Alert tone={result.status === 'processed' ? 'success' : 'info'}>{t('remittances.return.summary', { payments: result.payments, paid: result.paid, rejected: result.rejected, scheduled: result.scheduled, unknown: result.unknown, unchanged: result.unchanged })}</Alert>
          <div className={css.tableWrap}>
            <table className={css.table}>
              <thead>
                <tr>
                  <th className={css.th} scope="col">{t('remittances.return.line')}</th>
                  <th className={css.th} scope="col">{t('remittances.return.reference')}</th>
                  <th className={css.th} scope="col">{t('remittances.return.outcome')}</th>
                  <th className={css.th} scope="col">{t('remittances.return.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {result.lines.map((line) => {
                  // The line's parcela, where this host shows it and the user may read it.
                  const parcela = line.installmentId ? linkOf(PAYABLE_INSTALLMENTS, line.installmentId) : null;
                  return (
                    <tr key={line.line}>
                      <td className={css.td}>{line.line}</td>
                      <td className={css.td}>{parcela ? <Link href={parcela}>{line.reference}</Link> : line.reference}</td>
                      <td className={css.td}>{t(`remittances.return.outcome.${line.outcome}`)}</td>
                      <td className={css.td}>{line.reason}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
