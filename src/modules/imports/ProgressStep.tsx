import type { ImportProgress } from '../../contracts/imports';
import { t } from '../../core/i18n';
import { Alert } from '../../core/ui/Alert';
import * as ui from '../../core/ui/ui.css';
import { downloadErrors } from './api';
import { useBatchProgress } from './useBatchProgress';

export interface ProgressStepProps {
  batchId: string;
  initial: ImportProgress | null;
  fileName?: string;
  children?: React.ReactNode;
}

/** Progress bar while the batch runs, then the counters and the error report download. */
export function ProgressStep({ batchId, initial, fileName, children }: ProgressStepProps) {
  const progress = useBatchProgress(batchId, initial);
  if (!progress) return <p role="status">{t('registry.loading')}</p>;
  const finished = progress.status === 'done' || progress.status === 'failed';
  const reportName = `erros-${(fileName ?? 'importacao').replace(/\.[^.]+$/, '')}.csv`;
  return (
    <div className={ui.stack}>
      <div className={ui.field}>
        <span className={ui.label} id={`progress-${batchId}`}>{t('imports.run.progress')}</span>
        <progress aria-labelledby={`progress-${batchId}`} max={Math.max(progress.total, 1)} value={progress.processed} style={{ width: '100%' }} />
        <span className={ui.hint} role="status" aria-live="polite">{t('imports.run.status', { processed: progress.processed, total: progress.total })}</span>
      </div>
      {progress.status === 'done' && <Alert tone="success">{t('imports.run.done')}</Alert>}
      {progress.status === 'failed' && <Alert tone="error">{progress.errorMessage ?? t('imports.run.failed')}</Alert>}
      <ul>
        <li>{t('imports.run.created', { count: progress.created })}</li>
        <li>{t('imports.run.updated', { count: progress.updated })}</li>
        <li>{t('imports.run.failedRows', { count: progress.failed })}</li>
      </ul>
      <div className={ui.row}>
        {finished && progress.failed > 0 && (
          <button type="button" className={ui.button.secondary} onClick={() => void downloadErrors(batchId, reportName).catch(() => undefined)}>{t('imports.run.errors')}</button>
        )}
        {finished && children}
      </div>
    </div>
  );
}
