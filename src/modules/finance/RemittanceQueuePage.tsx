/**
 * /arquivos-de-remessa/fila: the treasurer picks the bank account and its convênio, sees the
 * authorised parcelas of that account, marks the ones that go in the file and generates the
 * remessa (POST remittances with one Idempotency-Key per attempt: a retry after a lost answer
 * gets the same file, never a second one). Then the remessa's page opens on its file.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { request } from '../../core/api';
import { formatDate } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { notify } from '../../core/notices';
import { Alert } from '../../core/ui/Alert';
import { Spinner } from '../../core/ui/Spinner';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../contracts/resources/parts/paymentDataFields';
import { generateRemittance } from './remittanceApi';
import { remittanceTexts } from './remittanceCatalogue';
import { RemittanceTabs } from './RemittanceTabs';

registerCatalogue(remittanceTexts);

interface Account { id: string; name: string; type: string }
interface Agreement { id: string; name: string; isActive: boolean }
interface Parcela { id: string; description: string; dueDate: string; openBalance: number; paymentMethod: PaymentMethod }

const PAGE = 100;
/** Every authorised parcela of the account (pages of 100, at most a remessa's worth). */
async function authorisedOf(accountId: string): Promise<Parcela[]> {
  const rows: Parcela[] = [];
  for (let page = 1; page <= 100; page++) {
    const batch = await request<Parcela[]>('finance', 'payable-installments', { query: { status: 'authorized', bankAccountId: accountId, perPage: PAGE, page, sort: 'dueDate' } });
    rows.push(...batch);
    if (batch.length < PAGE) break;
  }
  return rows;
}

export default function RemittanceQueuePage() {
  const id = useId();
  const { go } = useNavigation();
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [accountId, setAccountId] = useState('');
  const [agreements, setAgreements] = useState<Agreement[]>([]);
  const [agreementId, setAgreementId] = useState('');
  const [parcelas, setParcelas] = useState<Parcela[] | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const attempt = useRef<string | null>(null);

  useEffect(() => {
    void request<Account[]>('finance', 'bank-accounts', { query: { perPage: 100, isActive: 'true', sort: 'name' } }).then((rows) => {
      const banks = rows.filter((row) => row.type !== 'cash');
      setAccounts(banks);
      if (banks.length === 1) setAccountId(banks[0]!.id);
    });
  }, []);

  useEffect(() => {
    setParcelas(null);
    setSelected(new Set());
    setAgreements([]);
    setAgreementId('');
    if (!accountId) return;
    let live = true;
    void Promise.all([
      request<Agreement[]>('finance', `bank-accounts/${encodeURIComponent(accountId)}/agreements`, { query: { perPage: 100, isActive: 'true' } }),
      authorisedOf(accountId),
    ]).then(([found, rows]) => {
      if (!live) return;
      setAgreements(found);
      setAgreementId(found[0]?.id ?? '');
      setParcelas(rows);
      setSelected(new Set(rows.map((row) => row.id)));
    });
    return () => {
      live = false;
    };
  }, [accountId]);

  // A new choice is a new attempt (a new Idempotency-Key); a retry of the same choice reuses it.
  useEffect(() => {
    attempt.current = null;
  }, [selected, agreementId]);

  const total = useMemo(() => (parcelas ?? []).filter((p) => selected.has(p.id)).reduce((sum, p) => sum + Number(p.openBalance), 0), [parcelas, selected]);
  const all = Boolean(parcelas?.length) && selected.size === parcelas!.length;
  const toggle = (parcelaId: string) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(parcelaId)) next.delete(parcelaId);
    else next.add(parcelaId);
    return next;
  });

  const generate = async () => {
    if (!agreementId || !selected.size) return;
    attempt.current ??= crypto.randomUUID();
    setBusy(true);
    try {
      const made = await generateRemittance({ bankAccountId: accountId, agreementId, installmentIds: [...selected] }, attempt.current);
      notify({ type: 'success', message: t('remittances.queue.generated', { number: made.number, count: made.paymentCount, amount: formatMoney(made.total) }) });
      go(`/arquivos-de-remessa/remessas-geradas/${encodeURIComponent(made.id)}/arquivo`);
    } catch {
      // the HTTP notice names the problem (a parcela, the convênio, a concurrent remessa)
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={ui.stack} aria-labelledby={`${id}-title`}>
      <RemittanceTabs />
      <h1 id={`${id}-title`} style={{ margin: 0 }}>{t('remittances.queue.title')}</h1>
      <p className={css.muted} style={{ margin: 0 }}>{t('remittances.queue.intro')}</p>
      {!accounts ? <Spinner /> : (
        <div className={css.filterGrid} style={{ marginTop: 0 }}>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={`${id}-account`}>{t('remittances.queue.account')}</label>
            <select id={`${id}-account`} className={ui.input} value={accountId} onChange={(event) => setAccountId(event.target.value)}>
              <option value="">{t('remittances.queue.chooseAccount')}</option>
              {accounts.map((account) => <option key={account.id} value={account.id}>{account.name}</option>)}
            </select>
          </div>
          {accountId && agreements.length > 0 && (
            <div className={ui.field}>
              <label className={ui.label} htmlFor={`${id}-agreement`}>{t('remittances.queue.agreement')}</label>
              <select id={`${id}-agreement`} className={ui.input} value={agreementId} onChange={(event) => setAgreementId(event.target.value)}>
                {agreements.map((agreement) => <option key={agreement.id} value={agreement.id}>{agreement.name}</option>)}
              </select>
            </div>
          )}
        </div>
      )}
      {accountId && parcelas && !agreements.length && <Alert tone="info">{t('remittances.queue.noAgreement')}</Alert>}
      {accountId && !parcelas && <Spinner />}
      {parcelas && parcelas.length === 0 && <p className={css.empty}>{t('remittances.queue.none')}</p>}
      {parcelas && parcelas.length > 0 && (
        <>
          <div className={css.tableWrap}>
            {/* On a phone (or a narrow column) each parcela is a card, its amount in sight without scrolling sideways. */}
            <table className={`${css.table} ${css.cards}`}>
              <caption className={css.muted} style={{ textAlign: 'left', padding: '8px 12px' }}>{t('remittances.queue.caption')}</caption>
              <thead>
                <tr>
                  <th className={css.th} scope="col">
                    <input type="checkbox" aria-label={t('remittances.queue.selectAll')} checked={all} onChange={() => setSelected(all ? new Set() : new Set(parcelas.map((p) => p.id)))} />
                  </th>
                  <th className={css.th} scope="col">{t('remittances.queue.dueDate')}</th>
                  <th className={css.th} scope="col">{t('remittances.queue.description')}</th>
                  <th className={css.th} scope="col">{t('remittances.queue.method')}</th>
                  <th className={css.numericHead} scope="col">{t('remittances.queue.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {parcelas.map((parcela) => (
                  <tr key={parcela.id} className={selected.has(parcela.id) ? css.selectedRow : undefined}>
                    <td className={css.checkCell}>
                      <input type="checkbox" aria-label={t('remittances.queue.select', { description: parcela.description })} checked={selected.has(parcela.id)} onChange={() => toggle(parcela.id)} />
                    </td>
                    <td className={css.td} data-label={t('remittances.queue.dueDate')}>{formatDate(parcela.dueDate)}</td>
                    <td className={css.td} data-label={t('remittances.queue.description')}>{parcela.description}</td>
                    <td className={css.td} data-label={t('remittances.queue.method')}>{PAYMENT_METHOD_LABELS[parcela.paymentMethod] ?? parcela.paymentMethod}</td>
                    <td className={css.numericCell} data-label={t('remittances.queue.amount')}>{formatMoney(Number(parcela.openBalance))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={css.toolbar}>
            <p className={css.muted} style={{ margin: 0 }} aria-live="polite">{t('remittances.queue.selected', { count: selected.size, total: parcelas.length, amount: formatMoney(total) })}</p>
            <button type="button" className={ui.button.primary} disabled={busy || !selected.size || !agreementId} aria-busy={busy || undefined} onClick={() => void generate()}>
              {busy ? t('remittances.queue.generating') : t('remittances.queue.generate')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
