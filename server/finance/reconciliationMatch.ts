/**
 * Suggestions of the conciliação (issue 25), pure: each open statement line against the baixas of
 * the account not yet reconciled.
 * 1. One baixa of the same signed amount within ±3 days: the one whose document number (or
 *    parcela description) the line's memo, name or check number mentions first, else the nearest
 *    date, else the oldest — each baixa suggested once.
 * 2. Lines left: baixas of the same direction within ±3 days whose sum is the line's amount to the
 *    centavo (1:N): two of any in the window (found by amount), or three or four among the twelve
 *    nearest.
 * Indexed by amount and by day (bench/ofx-import.ts prints the time of 10,000 × 10,000).
 */
import type { MatchSuggestion } from '../../src/contracts/bankStatements.js';

export const MATCH_WINDOW_DAYS = 3;
const DAY = 86_400_000;

export interface MatchLine {
  id: string;
  postedOn: string;
  amount: number;
  memo: string | null;
  name: string | null;
  checkNumber: string | null;
}

export interface MatchSettlement {
  id: string;
  paidOn: string;
  amount: number;
  documentNumber: string | null;
}

const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const digitsOf = (value: string | null) => (value ?? '').replace(/\D/g, '').replace(/^0+/, '');

function mentions(line: MatchLine, settlement: MatchSettlement): boolean {
  const document = settlement.documentNumber?.trim();
  if (!document) return false;
  const text = `${line.memo ?? ''} ${line.name ?? ''} ${line.checkNumber ?? ''}`.toUpperCase();
  if (text.includes(document.toUpperCase())) return true;
  const digits = digitsOf(document);
  return digits.length >= 3 && (digitsOf(line.checkNumber) === digits || new RegExp(`(^|\\D)0*${digits}(\\D|$)`).test(text));
}

export function suggestMatches(lines: readonly MatchLine[], settlements: readonly MatchSettlement[], window = MATCH_WINDOW_DAYS): MatchSuggestion[] {
  const byAmount = new Map<number, { s: MatchSettlement; day: number }[]>();
  for (const s of settlements) {
    const list = byAmount.get(s.amount) ?? [];
    list.push({ s, day: day(s.paidOn) });
    byAmount.set(s.amount, list);
  }
  const used = new Set<string>();
  const suggestions: MatchSuggestion[] = [];
  const left: MatchLine[] = [];
  const ordered = [...lines].sort((a, b) => a.postedOn.localeCompare(b.postedOn) || a.id.localeCompare(b.id));
  for (const line of ordered) {
    const at = day(line.postedOn);
    const near = (byAmount.get(line.amount) ?? []).filter((c) => !used.has(c.s.id) && Math.abs(c.day - at) <= window);
    if (!near.length) {
      left.push(line);
      continue;
    }
    const named = near.find((c) => mentions(line, c.s));
    const best = named ?? near.reduce((a, b) => (Math.abs(b.day - at) < Math.abs(a.day - at) ? b : a));
    used.add(best.s.id);
    suggestions.push({ lineId: line.id, settlementIds: [best.s.id], reason: named ? 'document' : 'amountDate' });
  }
  if (!left.length) return suggestions;
  // 1:N — sorted by day, so a line's window is a slice found by binary search.
  const byDay = settlements.filter((s) => !used.has(s.id)).map((s) => ({ s, day: day(s.paidOn) })).sort((a, b) => a.day - b.day);
  for (const line of left) {
    const at = day(line.postedOn);
    let lo = 0;
    let hi = byDay.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byDay[mid].day < at - window) lo = mid + 1;
      else hi = mid;
    }
    const candidates: { s: MatchSettlement; day: number }[] = [];
    for (let i = lo; i < byDay.length && byDay[i].day <= at + window; i++) {
      const c = byDay[i];
      if (!used.has(c.s.id) && Math.sign(c.s.amount) === Math.sign(line.amount) && Math.abs(c.s.amount) < Math.abs(line.amount)) candidates.push(c);
    }
    candidates.sort((a, b) => Math.abs(a.day - at) - Math.abs(b.day - at));
    // Two baixas: each one's complement looked up by amount (any number of candidates).
    let found: MatchSettlement[] | null = null;
    const seen = new Map<number, MatchSettlement>();
    for (const c of candidates) {
      const other = seen.get(line.amount - c.s.amount);
      if (other) {
        found = [other, c.s];
        break;
      }
      if (!seen.has(c.s.amount)) seen.set(c.s.amount, c.s);
    }
    // Three or four: among the twelve nearest.
    found ??= subsetSum(candidates.slice(0, 12).map((c) => c.s), line.amount, 4);
    if (!found) continue;
    for (const s of found) used.add(s.id);
    suggestions.push({ lineId: line.id, settlementIds: found.map((s) => s.id).sort(), reason: 'sum' });
  }
  return suggestions;
}

/** Two to `max` settlements adding up to `target` exactly (depth-first, the nearest first). */
function subsetSum(items: MatchSettlement[], target: number, max: number): MatchSettlement[] | null {
  const pick: MatchSettlement[] = [];
  const walk = (from: number, rest: number): boolean => {
    if (rest === 0) return pick.length >= 2;
    if (pick.length === max) return false;
    for (let i = from; i < items.length; i++) {
      const next = rest - items[i].amount;
      if (Math.sign(next) === -Math.sign(target) && next !== 0) continue;
      pick.push(items[i]);
      if (walk(i + 1, next)) return true;
      pick.pop();
    }
    return false;
  };
  return walk(0, target) ? [...pick] : null;
}
