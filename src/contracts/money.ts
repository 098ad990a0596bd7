/**
 * Money arithmetic on integer centavos (DOMAIN: money never touches floating point). The same
 * functions run on the server (stored totals) and in the form (live totals).
 */

/** Largest amount a total may reach (bigint column, and a safe integer on the wire). */
export const MAX_CENTAVOS = 9e15;

export const MONEY_MESSAGES = {
  tooLarge: 'Valor acima do limite de R$ 90 trilhões.',
  tooSmall: 'Valor abaixo do limite de -R$ 90 trilhões.',
  lineTooLarge: 'O valor deste item (quantidade × preço) passa do limite de R$ 90 trilhões.',
  totalTooLarge: 'O total passa do limite de R$ 90 trilhões.',
} as const;

/** Whether `amount` is a money amount within the limit (an overflowed sum is NaN, never wrapped nor rounded). */
export const withinMoneyLimit = (amount: number) => Number.isSafeInteger(amount) && Math.abs(amount) <= MAX_CENTAVOS;

/**
 * Splits `total` centavos into parts that always add up to it, centavo-exact: into `parts` equal
 * parts (`splitAmount(10000, 3)` → `[3334, 3333, 3333]`) or in proportion to integer `weights`
 * (percent basis points, amounts). The centavos left over by rounding down go one each to the
 * first parts (the first installment carries the difference, as Brazilian invoices show it).
 */
export function splitAmount(total: number, parts: number | readonly number[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError('total must be integer centavos');
  const weights = typeof parts === 'number' ? Array.from({ length: parts }, () => 1) : [...parts];
  if (!weights.length || weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('weights must be non-negative integers');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) throw new RangeError('weights must not all be zero');
  const big = BigInt(total);
  const sign = big < 0n ? -1n : 1n;
  const magnitude = big * sign;
  const shares = weights.map((w) => (magnitude * BigInt(w)) / BigInt(sum));
  let rest = magnitude - shares.reduce((a, b) => a + b, 0n);
  for (let i = 0; rest > 0n; i = (i + 1) % shares.length) {
    if (weights[i] === 0) continue;
    shares[i] += 1n;
    rest -= 1n;
  }
  return shares.map((share) => Number(share * sign));
}

/** Quantity × unit price in centavos (integers only), null when either is missing, NaN beyond the money limit. */
export function lineAmount(quantity: unknown, unitPrice: unknown): number | null {
  if (typeof quantity !== 'number' || typeof unitPrice !== 'number' || !Number.isSafeInteger(quantity) || !Number.isSafeInteger(unitPrice)) return null;
  const amount = BigInt(quantity) * BigInt(unitPrice);
  return amount > BigInt(MAX_CENTAVOS) || amount < -BigInt(MAX_CENTAVOS) ? Number.NaN : Number(amount);
}

/** Exact sum of centavo amounts (missing ones count as zero); NaN when one is NaN or the sum passes the money limit. */
export function sumAmounts(amounts: readonly (number | null | undefined)[]): number {
  let sum = 0n;
  for (const value of amounts) {
    if (value === null || value === undefined) continue;
    if (!Number.isSafeInteger(value)) return Number.NaN;
    sum += BigInt(value);
  }
  return sum > BigInt(MAX_CENTAVOS) || sum < -BigInt(MAX_CENTAVOS) ? Number.NaN : Number(sum);
}

// Made on first use: building an Intl formatter loads the locale's data (tens of ms on a cold page).
let currency: Intl.NumberFormat | undefined;

/** Centavos → "R$ 1.234,56" as Intl pt-BR BRL prints it (symbol and spacing from Intl). */
export function formatMoney(centavos: number): string {
  if (!Number.isFinite(centavos)) return '—';
  const big = BigInt(Math.trunc(centavos));
  const negative = big < 0n;
  const abs = negative ? -big : big;
  const parts = (currency ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })).formatToParts(abs / 100n);
  const fraction = (abs % 100n).toString().padStart(2, '0');
  let text = '';
  for (const part of parts) text += part.type === 'fraction' ? fraction : part.value;
  return negative ? `-${text}` : text;
}

/**
 * A plain decimal as files write it ("1234.5", "0.07", "15") → centavos, exactly (no floating
 * point); null for anything else: a comma, a sign, more than 2 decimals, beyond the money limit.
 * For machine-written values (XML, bank files); what people type goes through the pt-BR parsers.
 */
export function centavosFromDecimal(text: string): number | null {
  const match = /^(\d{1,16})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const amount = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return withinMoneyLimit(amount) ? amount : null;
}
