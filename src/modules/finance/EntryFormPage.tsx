/**
 * The lançamento's create and edit views (a pagar / a receber): the generic registry form, with
 * its own regions under three sections — "Gerar parcelas" from the payment condition (business-day
 * due dates and their notices), the live sum of the parcelas and of the rateio against the total
 * (the same `entryIssues` the server runs), the rateio split by percent, and what each parcela's
 * pasted boleto line reads (valor, vencimento, banco) or why it does not — the supplier's boleto on
 * a lançamento a pagar, our own on a lançamento a receber (whose generated parcelas start with the
 * lançamento's conta financeira as their receiving account).
 */
import { useState, type ReactNode } from 'react';
import { readBoleto } from '../../contracts/brazil/boleto';
import { buildInstallments, parsePaymentCondition, splitByPercent } from '../../contracts/paymentTerms';
import { entryIssues } from '../../contracts/resources/parts/entryIssues';
import { paymentDataIssues, receiptDataIssues } from '../../contracts/resources/parts/paymentData';
import { formatDate } from '../../core/format/dates';
import { withinMoneyLimit } from '../../contracts/money';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import type { FormRegion } from '../../core/ui/RecordForm';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import FormPage from '../registry/FormPage';
import type { RegistryPageProps } from '../registry/spec';
import { finance } from './catalogue';

registerCatalogue(finance);

type Line = Record<string, unknown>;
const lines = (value: unknown): Line[] => (Array.isArray(value) ? (value as Line[]) : []);
const sum = (items: Line[]) => items.reduce((acc, item) => acc + (typeof item.amount === 'number' ? item.amount : 0), 0);

function SumLine({ label, total, amount, messages }: { label: string; total: number | null; amount: number; messages: string[] }) {
  return (
    <div role="status" aria-live="polite" className={ui.stack}>
      {total !== null && <p className={css.totalsLine} data-sum={label}>{t(label, { sum: formatMoney(amount), total: formatMoney(total) })}</p>}
      {messages.map((message) => <p key={message} className={ui.fieldError}>{message}</p>)}
    </div>
  );
}

/** The boleto-line issues of a parcela: a payable's payment data, or a receivable's receipt data. */
type BoletoIssues = (item: Line) => { path: string; message: string }[];
const payableIssues: BoletoIssues = (item) => paymentDataIssues(item as Parameters<typeof paymentDataIssues>[0]);
const receivableIssues: BoletoIssues = (item) => receiptDataIssues(item as Parameters<typeof receiptDataIssues>[0]);

/** "Gerar parcelas" with the condition's message or the notices of moved due dates. */
function Generate({ values, setMany, onNotices, receivable }: FormRegion & { onNotices: (notices: string[]) => void; receivable: boolean }) {
  const [message, setMessage] = useState<string | null>(null);
  const generate = () => {
    const parsed = parsePaymentCondition(String(values.paymentCondition ?? ''));
    if (!parsed.ok) return setMessage(parsed.message);
    const total = typeof values.total === 'number' ? values.total : 0;
    // Nothing to split (empty, zero or refused): no parcelas of R$ 0,00.
    if (total <= 0 || !withinMoneyLimit(total)) return setMessage(t('finance.generate.noTotal'));
    const startDate = typeof values.issueDate === 'string' && values.issueDate ? values.issueDate : new Date().toLocaleDateString('sv-SE');
    const built = buildInstallments({ total, condition: parsed.condition, startDate });
    setMessage(null);
    // Keep the payment data typed on a parcela of the same number.
    const before = lines(values.installments);
    setMany({
      installments: built.map((item) => {
        const old = before.find((line) => line.number === item.number) ?? {};
        // A receivable's parcela is received, by default, in the lançamento's conta financeira.
        const start = receivable && values.bankAccountId ? { paymentMethod: 'boleto', bankAccountId: values.bankAccountId } : { paymentMethod: 'boleto' };
        return { ...start, ...old, number: item.number, dueDate: item.dueDate, amount: item.amount };
      }),
    });
    onNotices(built.flatMap((item) => (item.notice ? [item.notice] : [])));
  };
  return (
    <div className={ui.row}>
      <button type="button" className={ui.button.secondary} onClick={generate} data-generate>{t('finance.generate')}</button>
      {message && <p className={ui.fieldError} role="alert">{message}</p>}
    </div>
  );
}

function Installments({ values, notices, issuesOf }: FormRegion & { notices: string[]; issuesOf: BoletoIssues }) {
  const items = lines(values.installments);
  const total = typeof values.total === 'number' ? values.total : null;
  return (
    <div className={ui.stack}>
      {notices.length > 0 && <ul className={css.muted} data-notices>{notices.map((notice) => <li key={notice}>{notice}</li>)}</ul>}
      <ul className={ui.stack} data-boletos style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item, index) => {
          const line = typeof item.boletoLine === 'string' ? item.boletoLine.trim() : '';
          if (item.paymentMethod !== 'boleto' || !line) return null;
          const read = readBoleto(line);
          const issues = issuesOf(item).filter((issue) => issue.path === 'boletoLine');
          return (
            <li key={String(item.id ?? index)} data-boleto={index}>
              {read.ok ? (
                <span>{t('finance.boleto.read', { number: Number(item.number ?? index + 1), amount: read.info.amount === null ? '—' : formatMoney(read.info.amount), dueDate: read.info.dueDate ? formatDate(read.info.dueDate) : '—', bank: read.info.bankCode ?? '—' })}</span>
              ) : null}
              {issues.map((issue) => <p key={issue.message} className={ui.fieldError}>{t('finance.boleto.issue', { number: Number(item.number ?? index + 1), message: issue.message })}</p>)}
            </li>
          );
        })}
      </ul>
      <SumLine label="finance.installmentsSum" total={total} amount={sum(items)} messages={entryIssues(values).installments ?? []} />
    </div>
  );
}

function Allocations({ values, setMany }: FormRegion) {
  const items = lines(values.allocations);
  const total = typeof values.total === 'number' ? values.total : null;
  const [message, setMessage] = useState<string | null>(null);
  const split = () => {
    const result = splitByPercent(total ?? 0, items.map((item) => (typeof item.percent === 'number' ? item.percent : 0)));
    if (!result.ok) return setMessage(result.message);
    setMessage(null);
    setMany({ allocations: items.map((item, index) => ({ ...item, amount: result.amounts[index] })) });
  };
  return (
    <div className={ui.stack}>
      <div className={ui.row}>
        <button type="button" className={ui.button.secondary} onClick={split} disabled={!items.length} data-split>{t('finance.splitByPercent')}</button>
        {message && <p className={ui.fieldError} role="alert">{message}</p>}
      </div>
      <SumLine label="finance.allocationsSum" total={total} amount={sum(items)} messages={entryIssues(values).allocations ?? []} />
    </div>
  );
}

export default function EntryFormPage(props: RegistryPageProps) {
  // Why generated due dates moved ("25/12/2026 é feriado (Natal): …"), shown under the parcelas.
  const [notices, setNotices] = useState<string[]>([]);
  const receivable = props.spec.resource === 'receivables';
  const sectionExtra = (section: string, form: FormRegion): ReactNode => {
    if (!form.editable) return null;
    if (section === 'values') return <Generate {...form} onNotices={setNotices} receivable={receivable} />;
    if (section === 'installments') return <Installments {...form} notices={notices} issuesOf={receivable ? receivableIssues : payableIssues} />;
    if (section === 'allocations') return <Allocations {...form} />;
    return null;
  };
  return <FormPage {...props} sectionExtra={sectionExtra} />;
}
