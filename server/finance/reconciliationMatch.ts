/**
 * Suggestions of the conciliação (issue 25), pure: each open statement line against the baixas of
 * the account not yet reconciled.
 * 1. One baixa of the same signed amount within ±3 days: the one whose document number (or
 *    parcela description) the line's memo, name or check number mentions first, else the nearest
 *    date, else the oldest — each baixa suggested once.
 * 2. Lines left: baixas of the same direction within ±3 days whose sum is the line's amount to the
 *    centavo (1:N): two of any in the window (found by amount), or three or four among the twelve
 *    nearest.
 * 3. Baixas and lines still left: two to four lines of the baixa's direction within ±3 days of it
 *    whose sum is the baixa's amount to the centavo (N:1, reason `split`), found the same way.
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
  // 1:N — each line left against the baixas left of its direction within the window.
  const baixas = byDay(settlements.filter((s) => !used.has(s.id)).map((s) => ({ item: s, day: day(s.paidOn) })));
  const alone: MatchLine[] = [];
  for (const line of left) {
    const found = sumFor(line.amount, day(line.postedOn), baixas, used, window);
    if (!found) {
      alone.push(line);
      continue;
    }
    for (const s of found) used.add(s.id);
    suggestions.push({ lineId: line.id, settlementIds: found.map((s) => s.id).sort(), reason: 'sum' });
  }
  if (alone.length < 2) return suggestions;
  // N:1 — each baixa left (oldest first) against the lines left of its direction within the window:
  // one payment the bank split (a TED in two, a PIX over its limit).
  const lineDays = byDay(alone.map((l) => ({ item: l, day: day(l.postedOn) })));
  const taken = new Set<string>();
  for (const { item: s, day: at } of baixas) {
    if (used.has(s.id)) continue;
    const found = sumFor(s.amount, at, lineDays, taken, window);
    if (!found) continue;
    for (const l of found) taken.add(l.id);
    const lineIds = found.map((l) => l.id).sort();
    suggestions.push({ lineId: lineIds[0], lineIds, settlementIds: [s.id], reason: 'split' });
  }
  return suggestions;
}

interface Dated<T> {
  item: T;
  day: number;
}
const byDay = <T,>(items: Dated<T>[]) => items.sort((a, b) => a.day - b.day);

/**
 * Two to four of `pool` (sorted by day) not in `used`, of `target`'s direction, within `window`
 * days of `at`, adding up to `target` to the centavo: two of any in the window (each one's
 * complement looked up by amount), three or four among the twelve nearest.
 */
function sumFor<T extends { id: string; amount: number }>(target: number, at: number, pool: readonly Dated<T>[], used: ReadonlySet<string>, window: number): T[] | null {
  let lo = 0;
  let hi = pool.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pool[mid].day < at - window) lo = mid + 1;
    else hi = mid;
  }
  const candidates: Dated<T>[] = [];
  for (let i = lo; i < pool.length && pool[i].day <= at + window; i++) {
    const c = pool[i];
    if (!used.has(c.item.id) && Math.sign(c.item.amount) === Math.sign(target) && Math.abs(c.item.amount) < Math.abs(target)) candidates.push(c);
  }
  candidates.sort((a, b) => Math.abs(a.day - at) - Math.abs(b.day - at));
  const seen = new Map<number, T>();
  for (const c of candidates) {
    const other = seen.get(target - c.item.amount);
    if (other) return [other, c.item];
    if (!seen.has(c.item.amount)) seen.set(c.item.amount, c.item);
  }
  return subsetSum(candidates.slice(0, 12).map((c) => c.item), target, 4);
}

/** Two to `max` items adding up to `target` exactly (depth-first, the nearest first). */
function subsetSum<T extends { amount: number }>(items: T[], target: number, max: number): T[] | null {
  const pick: T[] = [];
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
