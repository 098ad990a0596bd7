/**
 * One import batch (/configuracoes/importacoes-em-lote/{importBatchId}): its record, the
 * progress while it runs, the error report, and the way back into the wizard when it was
 * uploaded but not run.
 */
import { t, registerCatalogue } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { useRecord } from '../../core/resources/useRecord';
import { Alert } from '../../core/ui/Alert';
import { RecordShow } from '../../core/ui/RecordShow';
import { Spinner } from '../../core/ui/Spinner';
import * as ui from '../../core/ui/ui.css';
import type { ImportProgress } from '../../contracts/imports';
import { PageHeader } from '../registry/PageHeader';
import type { RegistryPageProps } from '../registry/spec';
import { useRegistry } from '../registry/useRegistry';
import { imports } from './catalogue';
import { ProgressStep } from './ProgressStep';

registerCatalogue(imports);

export default function ImportBatchPage(props: RegistryPageProps) {
  const { resource, routes, access, id } = useRegistry(props);
  const { go } = useNavigation();
  const { record, loading, error } = useRecord(resource, routes.params, id, access('read'));
  if (!access('read')) return <Alert>{t('registry.forbidden')}</Alert>;
  if (loading) return <Spinner />;
  if (error || !record) return <Alert>{error?.message ?? t('registry.loadFailed')}</Alert>;
  const status = String(record.status);
  const started = status === 'running' || status === 'done' || status === 'failed';
  return (
    <section className={ui.stack} aria-labelledby="import-batch">
      <PageHeader title={String(record.fileName ?? '')} titleId="import-batch" back={{ href: routes.base, label: t('registry.back') }}>
        {!started && access('create') && (
          <button type="button" className={ui.button.primary} onClick={() => go(`${routes.base}/adicionar?lote=${encodeURIComponent(record.id)}`)}>{t('imports.batch.resume')}</button>
        )}
      </PageHeader>
      {started && (
        <div className={ui.card}>
          <ProgressStep batchId={record.id} initial={record as unknown as ImportProgress} fileName={String(record.fileName ?? '')} />
        </div>
      )}
      <div className={ui.card}>
        <RecordShow resource={resource} record={record} />
      </div>
    </section>
  );
}
