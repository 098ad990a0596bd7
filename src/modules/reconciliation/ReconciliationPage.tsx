/**
 * /contas-financeiras/{bankAccountId}/conciliacao-de-conta (issue 25): import the account's OFX
 * statement, then its lines beside the baixas not yet reconciled — a suggestion confirmed in one
 * click, or baixas marked by hand (1:N: their sum must be the line's), or several lines marked with
 * one baixa (N:1: a payment the bank split; MarkedGroup.tsx), a match undone whole — and the
 * balance per the statement against the system's. Everything goes through
 * server/finance/reconciliationRoutes.ts; the server checks every sum and race.
 */
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { DateInput } from '../../core/ui/DateInput';
import type { BulkMatchResult, MatchSuggestion, OpenSettlement, ReconciliationView, StatementLine } from '../../contracts/bankStatements';
import { formatDate } from '../../core/format/dates';
import { formatInteger, formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { Alert } from '../../core/ui/Alert';
import { FilePicker } from '../../core/ui/FilePicker';
import { Spinner } from '../../core/ui/Spinner';
import { StatusBadge } from '../../core/ui/StatusBadge';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import type { SubPageProps } from '../registry/spec';
import { reconciliationTexts } from './catalogue';
import { BulkAccept, BulkOutcome } from './BulkAccept';
import { CreateSettledFromLine } from './CreateSettledFromLine';
import { MarkedGroup } from './MarkedGroup';
import { bulkMatch, createSettled, importStatement, loadReconciliation, matchGroup, matchLine, parcelasFor, settleFromLine, unmatchLine, type OpenParcela } from './reconciliationApi';

registerCatalogue(reconciliationTexts);

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const describe = (line: StatementLine) => [line.memo, line.name].filter(Boolean).join(' — ') || line.type;
/** The lines of a suggestion: several for N:1. */
const suggestionLines = (s: MatchSuggestion) => s.lineIds ?? [s.lineId];
const settlementText = (s: OpenSettlement) => `${s.description}${s.documentNumber ? ` (${s.documentNumber})` : ''}, ${formatDate(s.paidOn)}, ${formatMoney(s.amount)}`;

export default function ReconciliationPage({ record }: SubPageProps) {
  const id = useId();
  const accountId = record.id;
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const [view, setView] = useState<ReconciliationView | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [marked, setMarked] = useState<Set<string>>(new Set());
  const [markedLines, setMarkedLines] = useState<Set<string>>(new Set());
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [outcome, setOutcome] = useState<BulkMatchResult | null>(null);

  const reload = useCallback(async (query: { from?: string; to?: string }) => {
    try {
      const answer = await loadReconciliation(accountId, query);
      setView(answer);
      setPeriod({ from: answer.from, to: answer.to });
      setMarked((before) => new Set([...before].filter((sid) => answer.settlements.some((s) => s.id === sid && !s.reconciled))));
      setMarkedLines((before) => new Set([...before].filter((lineId) => answer.lines.some((l) => l.id === lineId && l.status === 'open'))));
      setChosen((before) => new Set([...before].filter((lineId) => answer.suggestions.some((s) => s.lineId === lineId))));
    } catch {
      // the HTTP notice says why
    }
  }, [accountId]);

  useEffect(() => {
    void reload({});
  }, [reload]);

  const byId = useMemo(() => new Map((view?.settlements ?? []).map((s) => [s.id, s])), [view]);
  const linesById = useMemo(() => new Map((view?.lines ?? []).map((l) => [l.id, l])), [view]);
  // An N:1 suggestion is shown on each of its lines.
  const suggestionOf = useMemo(() => new Map((view?.suggestions ?? []).flatMap((s) => suggestionLines(s).map((lineId) => [lineId, s] as const))), [view]);
  const ruleOf = useMemo(() => new Map((view?.ruleSuggestions ?? []).map((s) => [s.lineId, s])), [view]);
  const open = (view?.settlements ?? []).filter((s) => !s.reconciled);
  const markedSum = [...marked].reduce((sum, sid) => sum + (byId.get(sid)?.amount ?? 0), 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem(t('reconciliation.import.noFile'));
      return;
    }
    setBusy(true);
    try {
      const result = await importStatement(accountId, file);
      setStatus(result.message);
      await reload({ from: result.startDate ?? undefined, to: result.endDate ?? undefined });
    } catch {
      // the HTTP notice names the line and field, or the other account
    } finally {
      setBusy(false);
    }
  };

  const act = async <T,>(work: () => Promise<T>, done: string | ((result: T) => string)) => {
    setBusy(true);
    try {
      const result = await work();
      setOutcome(null);
      setStatus(typeof done === 'string' ? done : done(result));
      setMarked(new Set());
      setMarkedLines(new Set());
    } catch {
      // 400/409: the HTTP notice says why (a sum that does not match, a line taken meanwhile)
    } finally {
      setBusy(false);
      await reload(period);
    }
  };

  const lineLabel = (line: StatementLine) => ({ date: formatDate(line.postedOn), amount: formatMoney(line.amount) });
  /** The other lines of a group (N:1), as the person reads them. */
  const othersText = (ids: readonly string[], self: string) => ids.filter((other) => other !== self).map((other) => linesById.get(other)).filter((l): l is StatementLine => Boolean(l)).map((l) => t('reconciliation.lineText', lineLabel(l))).join('; ');
  const confirmSuggestion = (line: StatementLine, suggestion: MatchSuggestion) =>
    suggestion.lineIds ? act(() => matchGroup(suggestion.lineIds!, suggestion.settlementIds), t('reconciliation.group.done', { count: suggestion.lineIds.length })) : act(() => matchLine(line.id, suggestion.settlementIds), t('reconciliation.confirmed', lineLabel(line)));

  const acceptChosen = async () => {
    const matches = (view?.suggestions ?? []).filter((s) => chosen.has(s.lineId)).map((s) => ({ lineId: s.lineId, ...(s.lineIds ? { lineIds: s.lineIds } : {}), settlementIds: s.settlementIds }));
    setBusy(true);
    try {
      const result = await bulkMatch(matches);
      setStatus(null);
      setOutcome(result);
      setChosen(new Set());
    } catch {
      // the HTTP notice says why
    } finally {
      setBusy(false);
      await reload(period);
    }
  };

  return (
    <div className={ui.stack}>
      <h2 style={{ margin: 0 }}>{t('reconciliation.title')}</h2>
      <form className={ui.stack} onSubmit={submit} noValidate aria-labelledby={`${id}-import`}>
        <h3 id={`${id}-import`} style={{ margin: 0 }}>{t('reconciliation.import.title')}</h3>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={`${id}-file`}>{t('reconciliation.import.file')}</label>
          <FilePicker
            id={`${id}-file`}
            accept=".ofx,.qfx,.xml,application/x-ofx,application/octet-stream,text/plain"
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-help${problem ? ` ${id}-error` : ''}`}
            clearAfterPick
            onFile={(chosen) => {
              setFile(chosen);
              setProblem(null);
            }}
            status={file?.name}
          />
          <span id={`${id}-help`} className={ui.hint}>{t('reconciliation.import.help')}</span>
          {problem && <ul id={`${id}-error`} className={ui.fieldError}><li>{problem}</li></ul>}
        </div>
        <div className={ui.row}>
          <button type="submit" className={ui.button.secondary} disabled={busy} aria-busy={busy || undefined}>{busy ? t('reconciliation.import.sending') : t('reconciliation.import.send')}</button>
        </div>
      </form>

      <div aria-live="polite">
        {status && <Alert tone="success">{status}</Alert>}
        {outcome && view && <BulkOutcome result={outcome} lines={view.lines} />}
      </div>

      <fieldset className={ui.row} style={{ border: 0, padding: 0, margin: 0, flexWrap: 'wrap' }}>
        <legend className={ui.label}>{t('reconciliation.period')}</legend>
        {(['from', 'to'] as const).map((key) => (
          <div key={key} className={ui.field} style={{ maxWidth: '192px' }}>
            <label className={ui.label} htmlFor={`${id}-${key}`}>{t(`reconciliation.${key}`)}</label>
            <DateInput id={`${id}-${key}`} value={period[key] ?? ''} onChange={(date) => {
              if (!date) return;
              const next = { ...period, [key]: date };
              setPeriod(next);
              void reload(next);
            }} />
          </div>
        ))}
      </fieldset>

      {!view ? <Spinner /> : (
        <>
          <dl className={css.dl} aria-label={t('reconciliation.balance.difference')}>
            <dt className={css.dt}>{view.balance.statementDate ? t('reconciliation.balance.statement', { date: formatDate(view.balance.statementDate) }) : t('reconciliation.balance.noStatement')}</dt>
            <dd className={css.dd}>{view.balance.statement === null ? t('reconciliation.balance.none') : <strong style={money}>{formatMoney(view.balance.statement)}</strong>}</dd>
            <dt className={css.dt}>{t('reconciliation.balance.system', { date: formatDate(view.balance.statementDate ?? view.to) })}</dt>
            <dd className={css.dd}><strong style={money}>{formatMoney(view.balance.system)}</strong></dd>
            {view.balance.difference !== null && (
              <>
                <dt className={css.dt}>{t('reconciliation.balance.difference')}</dt>
                <dd className={css.dd}>{view.balance.difference === 0 ? t('reconciliation.balance.matches') : <strong style={money}>{formatMoney(view.balance.difference)}</strong>}</dd>
              </>
            )}
          </dl>

          <BulkAccept suggestions={view.suggestions} chosen={chosen} onChoose={setChosen} busy={busy} onAccept={() => void acceptChosen()} />
          {view.truncated && <Alert tone="info">{t('reconciliation.lines.truncated', { count: formatInteger(view.lines.length) })}</Alert>}
          <div className={css.tableWrap}>
            <table className={`${css.table} ${css.cards}`}>
              <caption style={{ textAlign: 'left', fontWeight: 600, padding: '8px 0' }}>{t('reconciliation.lines.caption')}</caption>
              <thead>
                <tr>
                  <th className={css.th} scope="col">{t('reconciliation.settlements.mark')}</th>
                  <th className={css.th} scope="col">{t('reconciliation.lines.date')}</th>
                  <th className={css.th} scope="col">{t('reconciliation.lines.description')}</th>
                  <th className={css.th} scope="col" style={{ textAlign: 'right' }}>{t('reconciliation.lines.amount')}</th>
                  <th className={css.th} scope="col">{t('reconciliation.lines.status')}</th>
                  <th className={css.th} scope="col">{t('reconciliation.lines.match')}</th>
                </tr>
              </thead>
              <tbody>
                {!view.lines.length && <tr><td className={css.td} colSpan={6}>{t('reconciliation.lines.none')}</td></tr>}
                {view.lines.map((line) => {
                  const suggestion = suggestionOf.get(line.id);
                  const suggested = suggestion?.settlementIds.map((sid) => byId.get(sid)).filter((s): s is OpenSettlement => Boolean(s)) ?? [];
                  return (
                    <tr key={line.id} data-line={line.fitId}>
                      <td className={css.td}>
                        {line.status === 'open' && (
                          <input type="checkbox" checked={markedLines.has(line.id)} aria-label={t('reconciliation.lines.select', lineLabel(line))} onChange={(event) => {
                            const next = new Set(markedLines);
                            if (event.target.checked) next.add(line.id);
                            else next.delete(line.id);
                            setMarkedLines(next);
                          }} />
                        )}
                      </td>
                      <td className={css.td} data-label={t('reconciliation.lines.date')} style={{ whiteSpace: 'nowrap' }}>{formatDate(line.postedOn)}</td>
                      <td className={css.td} data-label={t('reconciliation.lines.description')}>{describe(line)}</td>
                      <td className={css.td} data-label={t('reconciliation.lines.amount')} style={{ ...money, textAlign: 'right' }}>{formatMoney(line.amount)}</td>
                      <td className={css.td} data-label={t('reconciliation.lines.status')}><StatusBadge label={t(`reconciliation.status.${line.status}`)} tone={line.status === 'reconciled' ? 'success' : 'warning'} /></td>
                      <td className={css.td} data-label={t('reconciliation.lines.match')} style={{ gridColumn: '1 / -1' }}>
                        {line.status === 'reconciled' ? (
                          <div className={ui.stack} style={{ gap: '4px' }}>
                            <span className={ui.hint}>{t('reconciliation.matchedWith', { count: line.settlementIds.length, what: line.settlementIds.map((sid) => byId.get(sid)).filter((s): s is OpenSettlement => Boolean(s)).map(settlementText).join('; ') })}</span>
                            {line.matchLineIds.length > 1 && <span className={ui.hint}>{t('reconciliation.matchedLines', { count: line.matchLineIds.length - 1, what: othersText(line.matchLineIds, line.id) })}</span>}
                            <div><button type="button" className={ui.button.secondary} disabled={busy} aria-label={t('reconciliation.undoLabel', lineLabel(line))} onClick={() => void act(() => unmatchLine(line.id), t('reconciliation.undone', lineLabel(line)))}>{t('reconciliation.undo')}</button></div>
                          </div>
                        ) : (
                          <div className={ui.stack} style={{ gap: '4px' }}>
                            {suggestion && (
                              <>
                                <span className={ui.hint}>{t('reconciliation.suggestion', { what: `${suggested.map(settlementText).join(' + ')} (${t(`reconciliation.suggestion.reason.${suggestion.reason}`)})` })}</span>
                                {suggestion.lineIds && <span className={ui.hint}>{t('reconciliation.suggestion.with', { count: suggestion.lineIds.length - 1, what: othersText(suggestion.lineIds, line.id) })}</span>}
                                <div className={ui.row} style={{ alignItems: 'center', flexWrap: 'wrap' }}>
                                  <button type="button" className={ui.button.primary} disabled={busy} aria-label={t('reconciliation.confirmLabel', lineLabel(line))} onClick={() => void confirmSuggestion(line, suggestion)}>{t('reconciliation.confirm')}</button>
                                  <label className={ui.row} style={{ alignItems: 'center', gap: '4px' }}>
                                    <input type="checkbox" checked={chosen.has(suggestion.lineId)} onChange={(event) => {
                                      const next = new Set(chosen);
                                      if (event.target.checked) next.add(suggestion.lineId);
                                      else next.delete(suggestion.lineId);
                                      setChosen(next);
                                    }} aria-label={t('reconciliation.bulk.choose', lineLabel(line))} />
                                    <span>{t('reconciliation.bulk.select')}</span>
                                  </label>
                                </div>
                              </>
                            )}
                            {!suggestion && !(marked.size > 0 && markedSum === line.amount) && <span className={ui.hint}>{t('reconciliation.noSuggestion')}</span>}
                            <SettleFromLine accountId={accountId} line={line} busy={busy} onSettle={(installmentId) => act(() => settleFromLine(line.id, installmentId), t('reconciliation.settle.done', lineLabel(line)))} />
                            {!suggestion && <CreateSettledFromLine key={ruleOf.get(line.id)?.ruleId ?? 'none'} line={line} rule={ruleOf.get(line.id)} busy={busy} onCreate={(input) => act(() => createSettled(line.id, input), (made) => t('reconciliation.create.done', { number: made.entryNumber, ...lineLabel(line) }))} />}
                            {marked.size > 0 && markedSum === line.amount && (
                              <div><button type="button" className={ui.button.secondary} disabled={busy} aria-label={t('reconciliation.chooseLabel', lineLabel(line))} onClick={() => void act(() => matchLine(line.id, [...marked]), t('reconciliation.confirmed', lineLabel(line)))}>{t('reconciliation.choose')}</button></div>
                            )}
                          </div>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>

          <div className={css.tableWrap}>
            <table className={`${css.table} ${css.cards}`}>
              <caption style={{ textAlign: 'left', fontWeight: 600, padding: '8px 0' }}>{t('reconciliation.settlements.caption')}</caption>
              <thead>
                <tr>
                  <th className={css.th} scope="col">{t('reconciliation.settlements.mark')}</th>
                  <th className={css.th} scope="col">{t('reconciliation.settlements.date')}</th>
                  <th className={css.th} scope="col">{t('reconciliation.settlements.description')}</th>
                  <th className={css.th} scope="col">{t('reconciliation.settlements.document')}</th>
                  <th className={css.th} scope="col" style={{ textAlign: 'right' }}>{t('reconciliation.settlements.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {!open.length && <tr><td className={css.td} colSpan={5}>{t('reconciliation.settlements.none')}</td></tr>}
                {open.map((s) => (
                  <tr key={s.id}>
                    <td className={css.td}>
                      <input type="checkbox" checked={marked.has(s.id)} aria-label={t('reconciliation.settlements.select', { description: settlementText(s) })} onChange={(event) => {
                        const next = new Set(marked);
                        if (event.target.checked) next.add(s.id);
                        else next.delete(s.id);
                        setMarked(next);
                      }} />
                    </td>
                    <td className={css.td} data-label={t('reconciliation.settlements.date')} style={{ whiteSpace: 'nowrap' }}>{formatDate(s.paidOn)}</td>
                    <td className={css.td} data-label={t('reconciliation.settlements.description')}>{s.description}</td>
                    <td className={css.td} data-label={t('reconciliation.settlements.document')}>{s.documentNumber ?? '—'}</td>
                    <td className={css.td} data-label={t('reconciliation.settlements.amount')} style={{ ...money, textAlign: 'right' }}>{formatMoney(s.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {marked.size > 0 && <p className={ui.hint} aria-live="polite">{t('reconciliation.settlements.marked', { amount: formatMoney(markedSum) })}</p>}
          <MarkedGroup
            lines={[...markedLines].map((lineId) => linesById.get(lineId)).filter((l): l is StatementLine => Boolean(l))}
            settlements={[...marked].map((sid) => byId.get(sid)).filter((s): s is OpenSettlement => Boolean(s))}
            busy={busy}
            onConfirm={() => void act(() => matchGroup([...markedLines], [...marked]), t('reconciliation.group.done', { count: markedLines.size }))}
            onClear={() => {
              setMarkedLines(new Set());
              setMarked(new Set());
            }}
          />
        </>
      )}
    </div>
  );
}

/** A line without its baixa: the baixa of a chosen parcela of the account (its own transition on the server), then matched. */
function SettleFromLine({ accountId, line, busy, onSettle }: { accountId: string; line: StatementLine; busy: boolean; onSettle: (installmentId: string) => Promise<void> }) {
  const id = useId();
  const [parcelas, setParcelas] = useState<OpenParcela[] | null>(null);
  const [chosen, setChosen] = useState('');
  const load = () => {
    if (parcelas) return;
    void parcelasFor(accountId, line.amount).then(setParcelas, () => setParcelas([]));
  };
  return (
    <details onToggle={(event) => (event.currentTarget as HTMLDetailsElement).open && load()}>
      <summary style={{ cursor: 'pointer' }}>{t('reconciliation.settle.open')}</summary>
      {!parcelas ? <Spinner /> : !parcelas.length ? <p className={ui.hint}>{t('reconciliation.settle.none')}</p> : (
        <div className={ui.stack} style={{ gap: '4px', marginTop: '4px' }}>
          <label className={ui.label} htmlFor={`${id}-parcela`}>{t('reconciliation.settle.parcela')}</label>
          <select id={`${id}-parcela`} className={ui.input} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{t('reconciliation.settle.choose')}</option>
            {parcelas.map((p) => <option key={p.id} value={p.id}>{t('reconciliation.settle.option', { description: p.description, date: formatDate(p.dueDate), amount: formatMoney(p.openBalance) })}</option>)}
          </select>
          <div><button type="button" className={ui.button.secondary} disabled={busy || !chosen} onClick={() => void onSettle(chosen)}>{t('reconciliation.settle.send')}</button></div>
        </div>
      )}
    </details>
  );
}
