/**
 * The batch import wizard (/configuracoes/importacoes-em-lote/adicionar): upload → map columns
 * → preview with per-row errors → import with a progress bar → error report. `?lote={id}`
 * resumes a batch that was uploaded but not run.
 */
import { useEffect, useMemo, useState } from 'react';
import { importableFields, suggestMapping } from '../../contracts/importFields';
import type { ImportPreview, ImportProgress, ImportResourceType } from '../../contracts/imports';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { showHref } from '../../core/resources/paths';
import { Alert } from '../../core/ui/Alert';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { NavLink, PageHeader } from '../registry/PageHeader';
import type { RegistryPageProps } from '../registry/spec';
import { useRegistry } from '../registry/useRegistry';
import { getBatch, runBatch } from './api';
import { imports } from './catalogue';
import { MappingStep } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { ProgressStep } from './ProgressStep';
import { UploadStep } from './UploadStep';

registerCatalogue(imports);

const STEPS = ['upload', 'mapping', 'preview', 'run'] as const;
type Step = (typeof STEPS)[number];

interface Batch {
  id: string;
  resourceType: ImportResourceType;
  fileName: string;
  columns: string[];
  sampleRows: string[][];
}

export default function ImportWizardPage(props: RegistryPageProps) {
  const { routes, access } = useRegistry(props);
  const { search, go } = useNavigation();
  const [step, setStep] = useState<Step>('upload');
  const [batch, setBatch] = useState<Batch | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [started, setStarted] = useState<ImportProgress | null>(null);
  const fields = useMemo(() => (batch ? importableFields(batch.resourceType) : []), [batch]);
  const resumeId = new URLSearchParams(search).get('lote');

  useEffect(() => {
    if (!resumeId) return;
    let live = true;
    getBatch(resumeId)
      .then((record) => {
        if (!live) return;
        const columns = Array.isArray(record.columns) ? (record.columns as { name: string }[]).map((c) => c.name) : [];
        const saved = Array.isArray(record.mapping) ? Object.fromEntries((record.mapping as { column: string; field: string }[]).map((m) => [m.column, m.field])) : {};
        const resumed: Batch = { id: record.id, resourceType: record.resourceType as ImportResourceType, fileName: String(record.fileName ?? ''), columns, sampleRows: [] };
        setBatch(resumed);
        setMapping(Object.keys(saved).length ? saved : suggestMapping(columns, importableFields(resumed.resourceType)));
        if (record.status === 'running' || record.status === 'done' || record.status === 'failed') {
          setStarted(record);
          setStep('run');
        } else setStep('mapping');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [resumeId]);

  if (!access('create')) return <Alert>{t('registry.forbidden')}</Alert>;

  return (
    <section className={ui.stack} aria-labelledby="import-wizard">
      <PageHeader title={t('imports.title')} titleId="import-wizard" back={{ href: routes.base, label: t('registry.back') }} />
      <nav aria-label={t('imports.steps')}>
        <ol className={css.tabs}>
          {STEPS.map((name, index) => (
            <li key={name} className={css.tab} aria-current={name === step ? 'step' : undefined}>
              {`${index + 1}. ${t(`imports.step.${name}`)}`}
            </li>
          ))}
        </ol>
      </nav>
      <div className={ui.card}>
        {step === 'upload' && (
          <UploadStep
            onUploaded={(uploaded) => {
              const columns = uploaded.columns.map((c) => c.name);
              setBatch({ id: uploaded.id, resourceType: uploaded.resourceType, fileName: uploaded.fileName, columns, sampleRows: uploaded.sampleRows });
              setMapping(suggestMapping(columns, importableFields(uploaded.resourceType)));
              setStep('mapping');
            }}
          />
        )}
        {step === 'mapping' && batch && (
          <MappingStep
            batchId={batch.id}
            columns={batch.columns}
            sampleRows={batch.sampleRows}
            fields={fields}
            initial={mapping}
            onPreview={(saved, answer) => {
              setMapping(saved);
              setPreview(answer);
              setStep('preview');
            }}
          />
        )}
        {step === 'preview' && batch && preview && (
          <PreviewStep
            batchId={batch.id}
            mapping={mapping}
            fields={fields}
            preview={preview}
            onBack={() => setStep('mapping')}
            onRun={async () => {
              try {
                setStarted(await runBatch(batch.id));
                setStep('run');
              } catch {
                // the HTTP notice explains it (409)
              }
            }}
          />
        )}
        {step === 'run' && batch && (
          <ProgressStep batchId={batch.id} initial={started} fileName={batch.fileName}>
            <button type="button" className={ui.button.secondary} onClick={() => go(showHref(routes, batch.id))}>{t('imports.run.history')}</button>
            <NavLink href={`${routes.base}/adicionar`} className={ui.button.primary}>{t('imports.run.another')}</NavLink>
          </ProgressStep>
        )}
      </div>
    </section>
  );
}
