/**
 * Importar NF-e: the ordem de compra, the expense category and the XML file → the faturamento,
 * matched three ways (`POST invoices/import-nfe`). The server's refusal (a DOCTYPE, a wrong chave,
 * another emitter, an item the ordem does not have…) is shown as it comes, next to the file; nothing
 * is stored then.
 */
import { useId, useState, type FormEvent } from 'react';
import { importNfeEndpoint } from '../../contracts/quoting';
import { CATALOGUE } from '../../core/catalogue';
import { ApiError } from '../../core/api';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { callEndpoint } from '../../core/resources/endpoint';
import { Alert } from '../../core/ui/Alert';
import { FilePicker } from '../../core/ui/FilePicker';
import ReferenceSelect from '../../core/ui/ReferenceSelect';
import * as ui from '../../core/ui/ui.css';
import { invoicesTexts } from './catalogue';

registerCatalogue(invoicesTexts);

const MAX_BYTES = 2 * 1024 * 1024;
type Errors = Partial<Record<'purchaseOrderId' | 'categoryId' | 'xml', string[]>>;

export default function ImportNfePage() {
  const id = useId();
  const { go } = useNavigation();
  const [order, setOrder] = useState<string[]>([]);
  const [category, setCategory] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (!order[0]) local.purchaseOrderId = [t('invoices.import.noOrder')];
    if (!file) local.xml = [t('invoices.import.noFile')];
    else if (file.size > MAX_BYTES) local.xml = [t('invoices.import.tooLarge')];
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length || !file) return;
    setBusy(true);
    try {
      const xml = await file.text();
      const created = await callEndpoint(importNfeEndpoint, { body: { purchaseOrderId: order[0], xml, categoryId: category[0] ?? null }, silent: true });
      go(`/invoices/${encodeURIComponent(created.id)}`);
    } catch (error) {
      const problem = error instanceof ApiError ? error : null;
      setErrors((problem?.errors as Errors | undefined) ?? {});
      setFailure(problem && !problem.errors?.xml ? problem.message : null);
    } finally {
      setBusy(false);
    }
  };

  const errorList = (field: keyof Errors) =>
    errors[field]?.length ? (
      <ul id={`${id}-${field}-errors`} className={ui.fieldError}>
        {errors[field]!.map((message) => <li key={message}>{message}</li>)}
      </ul>
    ) : null;
  const described = (field: keyof Errors) => (errors[field]?.length ? `${id}-${field}-errors` : undefined);

  return (
    <form className={ui.stack} onSubmit={submit} noValidate aria-busy={busy}>
      <h1>{t('invoices.import.title')}</h1>
      <p className={ui.hint}>{t('invoices.import.intro')}</p>
      {failure && <Alert>{failure}</Alert>}
      <div className={ui.field} data-field="purchaseOrderId">
        <label className={ui.label} htmlFor={`${id}-order`}>{t('invoices.import.order')}</label>
        <ReferenceSelect id={`${id}-order`} label={t('invoices.import.order')} target={CATALOGUE.purchaseOrders} params={{}} value={order} onChange={setOrder} invalid={Boolean(errors.purchaseOrderId)} describedBy={described('purchaseOrderId')} />
        {errorList('purchaseOrderId')}
      </div>
      <div className={ui.field} data-field="categoryId">
        <label className={ui.label} htmlFor={`${id}-category`}>{t('invoices.import.category')}</label>
        <ReferenceSelect id={`${id}-category`} label={t('invoices.import.category')} target={CATALOGUE.expenseCategories} params={{}} value={category} onChange={setCategory} activeOnly invalid={Boolean(errors.categoryId)} describedBy={[`${id}-category-hint`, described('categoryId')].filter(Boolean).join(' ')} />
        <span id={`${id}-category-hint`} className={ui.hint}>{t('invoices.import.categoryHint')}</span>
        {errorList('categoryId')}
      </div>
      <div className={ui.field} data-field="xml">
        <label className={ui.label} htmlFor={`${id}-file`}>{t('invoices.import.file')}</label>
        <FilePicker id={`${id}-file`} accept=".xml,application/xml,text/xml" onFile={setFile} aria-invalid={Boolean(errors.xml)} aria-describedby={described('xml')} />
        {errorList('xml')}
      </div>
      <div className={ui.row}>
        <button type="submit" className={ui.button.primary} disabled={busy}>{busy ? t('invoices.import.busy') : t('invoices.import.submit')}</button>
        <button type="button" className={ui.button.secondary} onClick={() => go('/invoices')}>{t('invoices.import.cancel')}</button>
      </div>
    </form>
  );
}
