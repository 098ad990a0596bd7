/**
 * Bank business days (dias úteis bancários) on 'YYYY-MM-DD' strings, computed in UTC so the
 * answer never depends on the machine's time zone. National holidays plus the Easter-based days
 * banks do not open: Carnaval (Monday and Tuesday), Sexta-feira Santa and Corpus Christi.
 *
 * Written here rather than taken from @brazilian-utils `getHolidays`/`isBusinessDay` (2.4): those
 * read a `Date` by its LOCAL calendar day (the result moves with the time zone) and list only
 * Carnaval's Tuesday, while banks are also closed on Carnaval Monday.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 'YYYY-MM-DD' → days since 1970-01-01 (UTC). */
export function toEpochDay(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Days since 1970-01-01 → 'YYYY-MM-DD'. */
export function fromEpochDay(day: number): string {
  const date = new Date(day * DAY_MS);
  const y = date.getUTCFullYear();
  if (y < 0 || y > 9999) throw new RangeError('date out of range');
  return `${String(y).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const formatDateBR = (date: string): string => date.split('-').reverse().join('/');

/** Today in UTC, 'YYYY-MM-DD'. */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);

/** `date` plus `n` calendar days (n may be negative). */
export const addDays = (date: string, n: number): string => fromEpochDay(toEpochDay(date) + n);

/** `date` plus `n` months; a day the target month lacks becomes its last day (31/01 + 1 → 28 or 29/02). */
export function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  toEpochDay(date);
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromEpochDay(Date.UTC(year, month, Math.min(d, last)) / DAY_MS);
}

/** 0 = domingo … 6 = sábado. */
export const weekday = (date: string): number => (((toEpochDay(date) + 4) % 7) + 7) % 7;

/** Easter Sunday of `year` (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIXED: Readonly<Record<string, string>> = {
  '01-01': 'Confraternização Universal',
  '04-21': 'Tiradentes',
  '05-01': 'Dia do Trabalho',
  '09-07': 'Independência do Brasil',
  '10-12': 'Nossa Senhora Aparecida',
  '11-02': 'Finados',
  '11-15': 'Proclamação da República',
  '12-25': 'Natal',
};

const cache = new Map<number, ReadonlyMap<string, string>>();

/** The bank holidays of `year`: date → pt-BR name. */
export function holidaysOf(year: number): ReadonlyMap<string, string> {
  let holidays = cache.get(year);
  if (holidays) return holidays;
  const map = new Map<string, string>();
  const y = String(year).padStart(4, '0');
  for (const [monthDay, name] of Object.entries(FIXED)) map.set(`${y}-${monthDay}`, name);
  if (year >= 2024) map.set(`${y}-11-20`, 'Dia Nacional de Zumbi e da Consciência Negra'); // Lei 14.759/2023
  const sunday = easter(year);
  map.set(addDays(sunday, -48), 'Carnaval');
  map.set(addDays(sunday, -47), 'Carnaval');
  map.set(addDays(sunday, -2), 'Sexta-feira Santa');
  map.set(addDays(sunday, 60), 'Corpus Christi');
  holidays = new Map([...map].sort(([a], [b]) => (a < b ? -1 : 1)));
  cache.set(year, holidays);
  return holidays;
}

/** The holiday's pt-BR name ('Natal', 'Carnaval', 'Sexta-feira Santa'…), or null on an ordinary day. */
export function holidayName(date: string): string | null {
  toEpochDay(date);
  return holidaysOf(Number(date.slice(0, 4))).get(date) ?? null;
}

/** Not a Saturday, Sunday or bank holiday. */
export function isBusinessDay(date: string): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && holidayName(date) === null;
}

/** `date` itself when it is a business day, else the first business day after it. */
export function nextBusinessDay(date: string): string {
  let current = date;
  while (!isBusinessDay(current)) current = addDays(current, 1);
  return current;
}

/**
 * Why a due date moved, for the user: '25/12/2026 é feriado (Natal): vencimento movido para
 * 28/12/2026.', '28/11/2026 é sábado: …'; null when the date did not change.
 */
export function dueDateNotice(original: string, adjusted: string): string | null {
  if (original === adjusted) return null;
  const to = formatDateBR(adjusted);
  const holiday = holidayName(original);
  const day = weekday(original);
  const reason = holiday ? `é feriado (${holiday})` : day === 6 ? 'é sábado' : day === 0 ? 'é domingo' : null;
  return reason ? `${formatDateBR(original)} ${reason}: vencimento movido para ${to}.` : `Vencimento movido de ${formatDateBR(original)} para ${to}.`;
}
