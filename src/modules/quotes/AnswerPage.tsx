/**
 * /cotacoes/{quoteId}/orcamentos/adicionar and /orcamentos/{requestId}: a supplier's solicitação
 * and its orçamento as the buyer types it in — per cotação line the unit price, the quantity
 * offered and the lead time, then freight, payment terms, validity, notes and the proposal PDF,
 * with the live total. "Salvar" keeps it; "Registrar orçamento" saves and records the answer (the
 * `answer` transition) once the solicitações were sent. Every input is the declaration's own
 * field input; the server's field errors land on the line they name.
 */
import { useMemo, useState } from 'react';
import { requestTotal } from '../../contracts/resources/quoteRequests';
import type { FieldDef } from '../../contracts/resource';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { notify } from '../../core/notices';
import { useQuery } from '../../core/resources/cache';
import { fieldLabel, sectionTitle } from '../../core/resources/labels';
import { request } from '../../core/resources/transport';
import { useRecord } from '../../core/resources/useRecord';
import type { Row } from '../../core/resources/useList';
import { useSave } from '../../core/resources/useSave';
import { initialValues, type FormValues } from '../../core/resources/values';
import { runTransition } from '../../core/resources/workflow';
import { Alert } from '../../core/ui/Alert';
import { Field } from '../../core/ui/fields/Field';
import { Spinner } from '../../core/ui/Spinner';
import { StatusBadge } from '../../core/ui/StatusBadge';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { PageHeader } from '../registry/PageHeader';
import type { RegistryPageProps } from '../registry/spec';
import { useRegistry } from '../registry/useRegistry';
import { useRecordTitle } from '../../core/recordTitle';
import { supplierName, type Answer, type QuoteLine } from './api';
import { quotesTexts } from './catalogue';
import * as css from './quotes.css';

registerCatalogue(quotesTexts);

type Quote = Row & { number: number; status: string; lines: QuoteLine[] };

export default function AnswerPage(props: RegistryPageProps) {
  const { resource, routes, access, id } = useRegistry(props);
  const quoteId = String(props.quoteId ?? '');
  const creating = props.view === 'create';
  const { record, loading, error } = useRecord(resource, routes.params, creating ? undefined : id, access('read'));
  const quote = useQuery<Quote>(['quotes', quoteId], (signal) => request<Quote>('pricing', `quotes/${encodeURIComponent(quoteId)}`, { signal }));
  // The breadcrumb names the solicitação by its supplier, not its id.
  useRecordTitle(`${routes.base}/${encodeURIComponent(id ?? '')}`, !creating && record ? supplierName(record as never) || undefined : undefined);
  if (!access('read')) return <Alert>{t('registry.forbidden')}</Alert>;
  if (quote.error) return <Alert>{quote.error.message}</Alert>;
  if ((!creating && loading) || !quote.data) return <Spinner />;
  if (!creating && (error || !record)) return <Alert>{error?.message ?? t('registry.loadFailed')}</Alert>;
  const lines = Array.isArray(quote.data.lines) ? quote.data.lines : [];
  return <AnswerForm key={record ? `${record.id}:${record.version}` : 'new'} {...{ resource, routes, record: creating ? null : record, quote: { ...quote.data, lines }, editable: access('update') }} />;
}

interface FormProps {
  resource: ReturnType<typeof useRegistry>['resource'];
  routes: ReturnType<typeof useRegistry>['routes'];
  record: Row | null;
  quote: Quote;
  editable: boolean;
}

function AnswerForm({ resource, routes, record, quote, editable }: FormProps) {
  const { go } = useNavigation();
  const quoteHref = `/cotacoes/${encodeURIComponent(quote.id)}`;
  const [values, setValues] = useState<FormValues>(() => {
    const start = initialValues(resource, record);
    const given = new Map(((record?.answers as Answer[] | undefined) ?? []).map((answer) => [answer.lineId, answer]));
    // One answer per cotação line, in the cotação's order: the quantity asked for unless one was offered.
    start.answers = quote.lines.map((line) => ({ lineId: line.id, unitPrice: null, quantity: line.quantity, leadTimeDays: null, ...given.get(line.id) }));
    return start;
  });
  const { save, busy, fieldErrors, error } = useSave(resource, routes.params);
  const [acting, setActing] = useState(false);
  const [actionErrors, setActionErrors] = useState<Record<string, string[]>>({});
  const errors = { ...fieldErrors, ...actionErrors };
  const answersDef = resource.fields.answers as Extract<FieldDef, { type: 'list' }>;
  const set = (field: string) => (value: unknown) => setValues((now) => ({ ...now, [field]: value }));
  const setAnswer = (index: number, field: string) => (value: unknown) =>
    setValues((now) => ({ ...now, answers: (now.answers as Answer[]).map((answer, at) => (at === index ? { ...answer, [field]: value } : answer)) }));
  const total = useMemo(() => requestTotal(values), [values]);
  const answerable = ['sent', 'received'].includes(quote.status);
  const closed = ['analysing', 'concluded', 'cancelled'].includes(quote.status);
  const status = String(record?.status ?? 'pending');
  const state = resource.workflow?.states[status];
  const supplier = record ? supplierName(record as never) : '';
  const title = record ? t('quotes.answer.title', { supplier }) : t('quotes.answer.newTitle', { number: String(quote.number) });
  const titleId = 'answer-title';

  const submit = async (register: boolean) => {
    setActionErrors({});
    const saved = await save(values, record);
    if (!saved) return;
    if (!register) {
      notify({ type: 'success', message: t('quotes.answer.saved') });
      go(`${routes.base}/${encodeURIComponent(saved.id)}`);
      return;
    }
    setActing(true);
    try {
      await runTransition(resource, routes.params, saved, 'answer');
      notify({ type: 'success', message: t('quotes.answer.registered') });
      go(quoteHref);
    } catch (caught) {
      const failure = caught as { errors?: Record<string, string[]>; message?: string };
      if (failure.errors) setActionErrors(failure.errors);
      notify({ type: 'error', message: failure.message ?? t('registry.loadFailed') });
      go(`${routes.base}/${encodeURIComponent(saved.id)}`);
    } finally {
      setActing(false);
    }
  };
  const decline = async () => {
    if (!record) return;
    setActing(true);
    try {
      await runTransition(resource, routes.params, record, 'decline');
      notify({ type: 'success', message: t('quotes.answer.declined') });
      go(quoteHref);
    } catch (caught) {
      notify({ type: 'error', message: (caught as Error).message });
    } finally {
      setActing(false);
    }
  };
  const may = editable && !closed && status !== 'declined';
  const field = (name: string) => (
    <Field key={name} resource={resource} field={name} label={fieldLabel(resource, name)} def={resource.fields[name]} value={values[name]}
      onChange={set(name)} params={routes.params} errors={errors} refs={record?._refs?.[name]} allRefs={record?._refs} />
  );

  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <PageHeader title={title} titleId={titleId} back={{ href: quoteHref, label: t('quotes.answer.back') }}>
        {state && <StatusBadge label={state.label} tone={state.tone} />}
      </PageHeader>
      {closed && <Alert tone="info">{t('quotes.answer.closed')}</Alert>}
      {!closed && !answerable && <p className={ui.hint} style={{ margin: 0 }}>{t('quotes.answer.notSent')}</p>}
      <form className={ui.card} aria-labelledby={titleId} noValidate onSubmit={(event) => { event.preventDefault(); void submit(answerable); }}>
        <div className={ui.stack}>
          <h2 style={{ margin: 0, fontSize: 18 }}>{sectionTitle(resource, resource.form.sections[0])}</h2>
          <div className={data.formGrid}>
            {creating(record) ? field('supplierId') : (
              <div className={ui.field}><span className={ui.label}>{fieldLabel(resource, 'supplierId')}</span><span>{supplier}</span></div>
            )}
            {field('contactEmail')}
          </div>
          <h2 style={{ margin: 0, fontSize: 18 }}>{sectionTitle(resource, resource.form.sections[1])}</h2>
          <h3 style={{ margin: 0, fontSize: 16 }}>{t('quotes.answer.lines')}</h3>
          {quote.lines.map((line, index) => (
            <fieldset key={line.id} className={css.answerLine} disabled={!may}>
              <legend className={css.legend}>{t('quotes.answer.line', { index: String(index + 1), description: line.description, quantity: String(line.quantity), unit: line.unit })}</legend>
              {(['unitPrice', 'quantity', 'leadTimeDays'] as const).map((name) => (
                <Field key={name} resource={resource} field={`answers.${index}.${name}`} label={fieldLabel(resource, `answers.${name}`)} def={answersDef.of[name]}
                  value={(values.answers as Answer[])[index][name]} onChange={setAnswer(index, name)} params={routes.params} errors={errors} />
              ))}
            </fieldset>
          ))}
          <div className={data.formGrid}>
            {['freight', 'paymentTerms', 'validUntil', 'proposalFileId'].map(field)}
            {field('notes')}
          </div>
          <p className={data.totalLine} role="status"><span>{t('quotes.answer.total')}:</span><span>{Number.isNaN(total) ? '—' : formatMoney(total)}</span></p>
          {error && Object.keys(errors).length === 0 && <Alert>{error}</Alert>}
          {may && (
            <div className={ui.row}>
              {answerable && <button type="submit" className={ui.button.primary} disabled={busy || acting}>{t('quotes.answer.register')}</button>}
              <button type={answerable ? 'button' : 'submit'} className={answerable ? ui.button.secondary : ui.button.primary} disabled={busy || acting} onClick={answerable ? () => void submit(false) : undefined}>{t('quotes.answer.save')}</button>
              {record && answerable && <button type="button" className={ui.button.secondary} disabled={busy || acting} onClick={() => void decline()}>{t('quotes.answer.decline')}</button>}
            </div>
          )}
        </div>
      </form>
    </section>
  );
}

const creating = (record: Row | null) => record === null;
