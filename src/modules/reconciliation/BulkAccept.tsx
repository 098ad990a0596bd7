/**
 * Suggestions accepted in bulk: the bar above the statement lines — choose every suggestion (or
 * some, by their checkboxes in the lines) and confirm them at once. The server matches each line as
 * its own "Confirmar" would (`bank-statement-lines/bulk-match`); the lines it refused are named
 * with the reason, the others stay reconciled.
 */
import type { BulkMatchResult, MatchSuggestion, StatementLine } from '../../contracts/bankStatements';
import { formatDate } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { t } from '../../core/i18n';
import { Alert } from '../../core/ui/Alert';
import * as ui from '../../core/ui/ui.css';

interface Props {
  suggestions: readonly MatchSuggestion[];
  chosen: ReadonlySet<string>;
  onChoose: (lineIds: Set<string>) => void;
  busy: boolean;
  onAccept: () => void;
}

export function BulkAccept({ suggestions, chosen, onChoose, busy, onAccept }: Props) {
  if (!suggestions.length) return null;
  const all = suggestions.every((s) => chosen.has(s.lineId));
  return (
    <div className={ui.row} style={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <button type="button" className={ui.button.secondary} disabled={busy} onClick={() => onChoose(all ? new Set() : new Set(suggestions.map((s) => s.lineId)))}>
        {all ? t('reconciliation.bulk.none') : t('reconciliation.bulk.all', { count: suggestions.length })}
      </button>
      <button type="button" className={ui.button.primary} disabled={busy || !chosen.size} onClick={onAccept}>
        {t('reconciliation.bulk.accept', { count: chosen.size })}
      </button>
    </div>
  );
}

/** What the bulk answer says: how many were reconciled, and each refused line with its reason. */
export function BulkOutcome({ result, lines }: { result: BulkMatchResult; lines: readonly StatementLine[] }) {
  const byId = new Map(lines.map((line) => [line.id, line]));
  return (
    <Alert tone={result.failed.length ? 'info' : 'success'}>
      <p style={{ margin: 0 }}>{t('reconciliation.bulk.done', { count: result.done.length })}</p>
      {result.failed.length > 0 && (
        <ul style={{ margin: '4px 0 0' }}>
          {result.failed.map((failure) => {
            const line = byId.get(failure.lineId);
            return <li key={failure.lineId}>{t('reconciliation.bulk.failed', { date: line ? formatDate(line.postedOn) : '—', amount: line ? formatMoney(line.amount) : '—', message: failure.message })}</li>;
          })}
        </ul>
      )}
    </Alert>
  );
}
