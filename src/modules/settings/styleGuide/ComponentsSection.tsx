import { useMemo, useState } from 'react';
import type { Tone } from '../../../contracts/workflow';
import { t } from '../../../core/i18n';
import { notify } from '../../../core/notices';
import { Alert } from '../../../core/ui/Alert';
import { Button } from '../../../core/ui/Button';
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog';
import * as data from '../../../core/ui/data.css';
import { Dialog } from '../../../core/ui/Dialog';
import { Field } from '../../../core/ui/fields/Field';
import { Spinner } from '../../../core/ui/Spinner';
import { StatusBadge } from '../../../core/ui/StatusBadge';
import * as ui from '../../../core/ui/ui.css';
import { sampleResource } from './sampleForm';
import * as css from './styleGuide.css';

const TONES = Object.keys(data.badge) as Tone[];
const ALERTS = Object.keys(ui.alert) as (keyof typeof ui.alert)[];

/** /tests: the UI kit's components, live — buttons, the form fields of the registries (one with an error), alerts, a notice, badges and dialogs. */
export function ComponentsSection() {
  const [dialog, setDialog] = useState<'plain' | 'confirm' | null>(null);
  const resource = useMemo(sampleResource, []);
  // The CNPJ holds a wrong check digit and shows the error the server would send.
  const [values, setValues] = useState<Record<string, unknown>>({ document: '12345678000100', amount: 123_456, kind: 'services', byEmail: true });
  const errors = { document: [t('settings.guide.sample.fieldError')] };
  const example = (id: string, children: React.ReactNode) => (
    <section className={css.example} aria-labelledby={`guide-${id}`}>
      <h2 id={`guide-${id}`}>{t(`settings.guide.components.${id}`)}</h2>
      {children}
    </section>
  );
  return (
    <div className={css.examples}>
      {example(
        'buttons',
        <div className={ui.row}>
          <Button>{t('settings.guide.sample.primary')}</Button>
          <Button variant="secondary">{t('settings.guide.sample.secondary')}</Button>
          <Button variant="danger">{t('settings.guide.sample.danger')}</Button>
          <Button variant="link">{t('settings.guide.sample.link')}</Button>
          <Button disabled>{t('settings.guide.sample.disabled')}</Button>
          <Button busy>{t('settings.guide.sample.busy')}</Button>
        </div>,
      )}
      {example(
        'fields',
        <div className={data.formGrid}>
          {Object.entries(resource.fields).map(([name, def]) => (
            <Field key={name} resource={resource} field={name} label={def.label} def={def} value={values[name]} onChange={(value) => setValues((current) => ({ ...current, [name]: value }))} params={{}} errors={errors} required={name === 'tradeName'} />
          ))}
        </div>,
      )}
      {example(
        'alerts',
        <div className={ui.stack}>
          {ALERTS.map((tone) => <Alert key={tone} tone={tone}>{t(`settings.guide.sample.alert.${tone}`)}</Alert>)}
          <div className={ui.row}>
            <Button variant="secondary" onClick={() => notify({ type: 'success', message: t('settings.guide.sample.notice') })}>{t('settings.guide.sample.showNotice')}</Button>
          </div>
          <Spinner />
        </div>,
      )}
      {example(
        'badges',
        <div className={ui.row}>
          {TONES.map((tone) => <StatusBadge key={tone} tone={tone} label={t(`settings.guide.sample.tone.${tone}`)} />)}
        </div>,
      )}
      {example(
        'dialogs',
        <div className={ui.row}>
          <Button variant="secondary" onClick={() => setDialog('plain')}>{t('settings.guide.sample.openDialog')}</Button>
          <Button variant="secondary" onClick={() => setDialog('confirm')}>{t('settings.guide.sample.openConfirm')}</Button>
        </div>,
      )}
      {dialog === 'plain' && (
        <Dialog title={t('settings.guide.sample.dialogTitle')} onClose={() => setDialog(null)}>
          <p>{t('settings.guide.sample.dialogBody')}</p>
        </Dialog>
      )}
      {dialog === 'confirm' && (
        <ConfirmDialog title={t('settings.guide.sample.confirmTitle')} danger onConfirm={() => setDialog(null)} onCancel={() => setDialog(null)}>
          <p>{t('settings.guide.sample.confirmBody')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
