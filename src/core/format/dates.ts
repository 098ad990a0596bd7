/**
 * Dates as the product shows them: `dd/mm/aaaa` for a `YYYY-MM-DD` date and
 * `dd/mm/aaaa hh:mm` for an instant, in Brasília time (America/Sao_Paulo, UTC−03:00 all year
 * since 2019).
 */
import { applyPattern } from '../../contracts/brazil/pattern';

export const TIMEZONE = 'America/Sao_Paulo';

/** `2025-06-26` → `26/06/2025` (no Date object: no timezone shift). */
export function formatDate(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** `26/06/2025` → `2025-06-26`, or null when it is not a calendar date. */
export function parseDate(text: string): string | null {
  const m = /^\s*(\d{2})\/(\d{2})\/(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [+m[1], +m[2], +m[3]];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** Mask while typing: digits → `dd/mm/aaaa`. */
export const maskDate = (text: string): string => applyPattern('##/##/####', text.replace(/\D/g, '').slice(0, 8));
export const maskDateTime = (text: string): string => applyPattern('##/##/#### ##:##', text.replace(/\D/g, '').slice(0, 12));

// Made on first use (see contracts/money.ts).
let dateTimeFormat: Intl.DateTimeFormat | undefined;
const dateTimeFormatter = () =>
  (dateTimeFormat ??= new Intl.DateTimeFormat('pt-BR', {
    timeZone: TIMEZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }));

/** ISO instant → `26/06/2025 09:00` in Brasília time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormatter().format(date).replace(',', '');
}

/** `26/06/2025 09:00` (Brasília) → ISO instant with offset, or null. */
export function parseDateTime(text: string): string | null {
  const m = /^\s*(\d{2}\/\d{2}\/\d{4})\s+(\d{2}):(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const day = parseDate(m[1]);
  if (!day || +m[2] > 23 || +m[3] > 59) return null;
  return new Date(`${day}T${m[2]}:${m[3]}:00-03:00`).toISOString();
}
