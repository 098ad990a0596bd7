/**
 * The lines and baixas a person marked, as one match group (N:1: a payment the bank split into
 * several lines; also one line with several baixas): both sums side by side, what is missing or by
 * how much they differ, and "Conciliar as linhas marcadas" once they agree. The server checks the
 * same again (`bank-statement-matches`) under its locks.
 */
import { useId } from 'react';
import type { OpenSettlement, StatementLine } from '../../contracts/bankStatements';
import { formatMoney } from '../../core/format/money';
import { t } from '../../core/i18n';
import * as ui from '../../core/ui/ui.css';

interface Props {
  lines: readonly StatementLine[];
  settlements: readonly OpenSettlement[];
  busy: boolean;
  onConfirm: () => void;
  onClear: () => void;
}

/** Why the marked lines and baixas cannot be one group yet, or null when they can. */
export function groupProblem(lines: readonly { amount: number }[], settlements: readonly { amount: number }[]): string | null {
  if (!settlements.length) return t('reconciliation.group.needSettlement');
  if (lines.length > 1 && settlements.length > 1) return t('reconciliation.group.manyToMany');
  const difference = lines.reduce((sum, l) => sum + l.amount, 0) - settlements.reduce((sum, s) => sum + s.amount, 0);
  return difference ? t('reconciliation.group.differs', { amount: formatMoney(Math.abs(difference)) }) : null;
}

export function MarkedGroup({ lines, settlements, busy, onConfirm, onClear }: Props) {
  const id = useId();
  if (!lines.length) return null;
  const problem = groupProblem(lines, settlements);
  const money = { fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <section className={ui.card} aria-labelledby={`${id}-title`} style={{ position: 'sticky', bottom: 0, zIndex: 1, padding: '12px 16px' }}>
      <h3 id={`${id}-title`} style={{ margin: 0 }}>{t('reconciliation.group.title')}</h3>
      <p style={{ margin: '4px 0' }}>
        <span style={money}>{t('reconciliation.group.lines', { count: lines.length, amount: formatMoney(lines.reduce((sum, l) => sum + l.amount, 0)) })}</span>
        {' · '}
        <span style={money}>{t('reconciliation.group.settlements', { count: settlements.length, amount: formatMoney(settlements.reduce((sum, s) => sum + s.amount, 0)) })}</span>
      </p>
      <p id={`${id}-state`} className={ui.hint} aria-live="polite" style={{ margin: '0 0 8px' }}>{problem ?? t('reconciliation.group.agrees')}</p>
      <div className={ui.row}>
        <button type="button" className={ui.button.primary} disabled={busy || problem !== null} aria-describedby={`${id}-state`} onClick={onConfirm}>{t('reconciliation.group.confirm')}</button>
        <button type="button" className={ui.button.secondary} disabled={busy} onClick={onClear}>{t('reconciliation.group.clear')}</button>
      </div>
    </section>
  );
}
