/**
 * PIX "copia e cola" (BR Code, EMV TLV): reads the key or the dynamic URL, the amount (integer
 * centavos, read digit by digit), receiver name and city and the txid, after checking the
 * CRC16-CCITT-FALSE over everything up to and including '6304'. `makePixPayload` writes a valid
 * static one (tests and seeds).
 *
 * Written here rather than taken from @brazilian-utils `getPixPayloadInfo`/`generatePixPayload`
 * (2.4), which read and take the amount as a floating-point number of reais; the tests check
 * that both sides read each other's payloads.
 */

export interface PixPayloadInfo {
  key: string | null;
  url: string | null;
  /** Centavos; null when the payer types the amount. */
  amount: number | null;
  merchantName: string;
  merchantCity: string;
  /** null for the '***' marker or when absent. */
  txid: string | null;
}

export type PixPayloadResult = { ok: true; info: PixPayloadInfo } | { ok: false; message: string };

export const PIX_PAYLOAD_MESSAGES = {
  malformed: 'Código PIX copia e cola inválido.',
  crc: 'Código PIX copia e cola inválido: o CRC não confere.',
} as const;

const PIX_GUI = 'br.gov.bcb.pix';

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF) of the UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** TLV objects of `text` in order; null when the lengths do not add up exactly. */
function readTlv(text: string): [string, string][] | null {
  const fields: [string, string][] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const size = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(size) || at + 4 + Number(size) > text.length) return null;
    fields.push([id, text.slice(at + 4, at + 4 + Number(size))]);
    at += 4 + Number(size);
  }
  return fields;
}

function tlv(id: string, value: string): string {
  if (!value || value.length > 99) throw new RangeError(`PIX field ${id} must have 1..99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** "123.45" / "10" / "0.5" → centavos, without floating point; null when not such a number. */
export function pixAmountToCentavos(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Centavos → "123.45". */
export const centavosToPixAmount = (centavos: number): string => {
  const big = BigInt(centavos);
  return `${big / 100n}.${(big % 100n).toString().padStart(2, '0')}`;
};

const fail = (message: string): PixPayloadResult => ({ ok: false, message });

/** Reads a pasted PIX copia e cola; the CRC must match. */
export function readPixPayload(input: string): PixPayloadResult {
  const text = input.trim();
  const crcMatch = /6304([0-9A-Fa-f]{4})$/.exec(text);
  if (!text.startsWith('000201') || !crcMatch) return fail(PIX_PAYLOAD_MESSAGES.malformed);
  const fields = readTlv(text);
  if (!fields || fields[fields.length - 1][0] !== '63') return fail(PIX_PAYLOAD_MESSAGES.malformed);
  if (crc16(text.slice(0, -4)) !== crcMatch[1].toUpperCase()) return fail(PIX_PAYLOAD_MESSAGES.crc);
  const top = new Map(fields);
  let key: string | null = null;
  let url: string | null = null;
  let found = false;
  for (const [id, value] of fields) {
    const n = Number(id);
    if (n < 26 || n > 51) continue;
    const sub = readTlv(value);
    if (!sub) return fail(PIX_PAYLOAD_MESSAGES.malformed);
    const subs = new Map(sub);
    if (subs.get('00')?.toLowerCase() !== PIX_GUI) continue;
    found = true;
    key = subs.get('01') ?? null;
    url = subs.get('25') ?? null;
  }
  const merchantName = top.get('59');
  const merchantCity = top.get('60');
  if (!found || (key === null) === (url === null) || !merchantName || !merchantCity) return fail(PIX_PAYLOAD_MESSAGES.malformed);
  const rawAmount = top.get('54');
  const amount = rawAmount === undefined ? null : pixAmountToCentavos(rawAmount);
  if (rawAmount !== undefined && amount === null) return fail(PIX_PAYLOAD_MESSAGES.malformed);
  const additional = top.has('62') ? readTlv(top.get('62') as string) : [];
  if (!additional) return fail(PIX_PAYLOAD_MESSAGES.malformed);
  const txid = new Map(additional).get('05');
  return { ok: true, info: { key, url, amount, merchantName, merchantCity, txid: !txid || txid === '***' ? null : txid } };
}

/** Accents dropped, anything outside printable ASCII removed, cut to `max` characters. */
const ascii = (text: string, max: number): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '').trim().slice(0, max);

export interface PixPayloadParams {
  /** The key in its canonical DICT form. */
  key: string;
  /** Centavos; null/omitted lets the payer type it. */
  amount?: number | null;
  name: string;
  city: string;
  /** 1..25 of [A-Za-z0-9]; omitted → '***'. */
  txid?: string | null;
}

/** A valid static PIX copia e cola (tests and seeds). */
export function makePixPayload({ key, amount = null, name, city, txid = null }: PixPayloadParams): string {
  if (amount !== null && (!Number.isSafeInteger(amount) || amount <= 0)) throw new RangeError('amount must be positive integer centavos');
  if (txid !== null && !/^[A-Za-z0-9]{1,25}$/.test(txid)) throw new RangeError('txid must be 1..25 letters or digits');
  const account = tlv('00', PIX_GUI) + tlv('01', key.trim());
  const body =
    tlv('00', '01') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (amount === null ? '' : tlv('54', centavosToPixAmount(amount))) +
    tlv('58', 'BR') +
    tlv('59', ascii(name, 25)) +
    tlv('60', ascii(city, 15)) +
    tlv('62', tlv('05', txid ?? '***')) +
    '6304';
  return body + crc16(body);
}
