/**
 * Reader of OFX bank statements (issue 25), 1.x (SGML: `OFXHEADER:100` headers, leaf elements
 * without closing tags) and 2.x (XML: `<?xml?>` and `<?OFX?>` declarations, every element closed),
 * one tokenizer for both. Bytes are decoded first by the header's CHARSET (Brazilian banks send
 * `CHARSET:1252`; 2.x declares its encoding), never guessed from the content; a `<!DOCTYPE` or an
 * entity other than the five XML ones is refused, nothing is ever expanded. Amounts are read to
 * integer centavos from their digits (never a float); dates keep the calendar day written by the
 * bank and the instant from the OFX offset (`20261120120000[-3:BRT]`; none: GMT, as the spec says).
 * Every refusal is an `OfxReadError` with a pt-BR message naming the line and element.
 */

export class OfxReadError extends Error {}

export const OFX_MESSAGES = {
  notOfx: 'Este arquivo não é um extrato OFX: falta o cabeçalho OFXHEADER ou a tag <OFX>.',
  doctype: 'Arquivo recusado: contém <!DOCTYPE>, que um extrato OFX não usa.',
  charset: (charset: string) => `Codificação "${charset}" do cabeçalho do OFX não suportada (use 1252, ISO-8859-1 ou UTF-8).`,
  truncated: (tag: string) => `O arquivo OFX está incompleto: a tag <${tag}> não foi fechada.`,
  entity: (line: number, entity: string) => `Linha ${line}: a entidade "${entity}" não é permitida em um extrato OFX.`,
  noStatement: 'O arquivo OFX não contém nenhum extrato bancário (STMTRS).',
  missing: (line: number, tag: string, parent: string) => `Linha ${line}: falta o campo <${tag}> em <${parent}>.`,
  amount: (line: number, value: string) => `Linha ${line}: o valor "${value}" em <TRNAMT> não é um valor em reais válido.`,
  balance: (line: number, value: string) => `Linha ${line}: o saldo "${value}" em <BALAMT> não é um valor em reais válido.`,
  date: (line: number, tag: string, value: string) => `Linha ${line}: a data "${value}" em <${tag}> não é uma data OFX válida (AAAAMMDD[HHMMSS][[-3:BRT]]).`,
  closing: (line: number, tag: string) => `Linha ${line}: a tag </${tag}> fecha um elemento que não foi aberto.`,
} as const;

export interface OfxDate {
  /** Calendar day as the bank wrote it, YYYY-MM-DD. */
  date: string;
  /** The instant, with the OFX offset applied (ISO 8601, UTC). */
  at: string;
}

export interface OfxTransaction {
  line: number;
  type: string;
  postedOn: string;
  postedAt: string;
  /** Centavos; negative for debits. */
  amount: number;
  fitId: string | null;
  checkNumber: string | null;
  memo: string | null;
  name: string | null;
}

export interface OfxStatement {
  currency: string | null;
  bankId: string | null;
  branchId: string | null;
  accountId: string;
  accountType: string | null;
  startDate: string | null;
  endDate: string | null;
  ledgerBalance: number | null;
  ledgerBalanceDate: string | null;
  transactions: OfxTransaction[];
}

export interface OfxFile {
  version: 1 | 2;
  charset: string;
  statements: OfxStatement[];
}

interface Node {
  tag: string;
  line: number;
  value?: string;
  children: Node[];
}

const CHARSETS: Record<string, string> = { '1252': 'windows-1252', 'WINDOWS-1252': 'windows-1252', CP1252: 'windows-1252', 'ISO-8859-1': 'windows-1252', '8859-1': 'windows-1252', LATIN1: 'windows-1252', 'UTF-8': 'utf-8', UTF8: 'utf-8', 'US-ASCII': 'windows-1252', NONE: 'windows-1252', USASCII: 'windows-1252' };

/** The bytes as text, by the charset the file declares (1.x `CHARSET:`, 2.x `encoding=`); a UTF-8 BOM wins. */
export function decodeOfx(bytes: Uint8Array): { text: string; charset: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), charset: 'utf-8' };
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const declared = /^\s*CHARSET:\s*([^\r\n]*)/im.exec(head)?.[1] ?? /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1] ?? (/<\?xml/i.test(head) ? 'UTF-8' : '1252');
  const key = declared.trim().toUpperCase();
  const encoding = CHARSETS[key];
  if (!encoding) throw new OfxReadError(OFX_MESSAGES.charset(declared.trim()));
  if (encoding === 'utf-8') {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), charset: encoding };
    } catch {
      // Declared UTF-8 but written in 1252 (it happens): read as 1252 rather than lose the accents.
      return { text: new TextDecoder('windows-1252').decode(bytes), charset: 'windows-1252' };
    }
  }
  return { text: new TextDecoder('windows-1252').decode(bytes), charset: encoding };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&nbsp;': ' ' };

function unescape(text: string, line: number): string {
  return text.replace(/&[#\w]+;/g, (entity) => {
    const known = ENTITIES[entity.toLowerCase()];
    if (known !== undefined) return known;
    const numeric = /^&#(x[0-9a-f]+|\d+);$/i.exec(entity);
    if (numeric) return String.fromCodePoint(numeric[1][0].toLowerCase() === 'x' ? parseInt(numeric[1].slice(1), 16) : Number(numeric[1]));
    throw new OfxReadError(OFX_MESSAGES.entity(line, entity));
  });
}

/** The element tree of the body (from `<OFX>`), SGML or XML alike. */
function tree(text: string): Node {
  if (/<!DOCTYPE/i.test(text)) throw new OfxReadError(OFX_MESSAGES.doctype);
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new OfxReadError(OFX_MESSAGES.notOfx);
  let line = text.slice(0, start).split('\n').length;
  const root: Node = { tag: '#root', line: 0, children: [] };
  const stack: Node[] = [root];
  const token = /<(\/?)([A-Za-z0-9_.]+)\s*>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|([^<]+)/g;
  token.lastIndex = start;
  let pending: Node | null = null; // an element just opened: a leaf if text follows
  let match: RegExpExecArray | null;
  while ((match = token.exec(text))) {
    const [whole, closing, name, body] = match;
    const at = line;
    line += (whole.match(/\n/g) ?? []).length;
    if (body !== undefined) {
      const value = body.trim();
      if (!value) continue;
      if (pending && pending.value === undefined && !pending.children.length) {
        pending.value = unescape(value, at);
        stack.pop(); // a leaf: SGML never closes it; XML's </TAG> is then skipped below
        pending = null;
      }
      continue;
    }
    if (!name) continue; // comment or declaration
    const tag = name.toUpperCase();
    if (closing) {
      const top = stack[stack.length - 1];
      if (pending && top === pending && top.tag === tag) { // an empty element <TAG></TAG>
        pending.value = '';
        stack.pop();
        pending = null;
        continue;
      }
      // A leaf closed in XML (already popped), or an aggregate: close up to its opening.
      const parent = stack[stack.length - 1];
      const last = parent.children[parent.children.length - 1];
      if (last && last.tag === tag && last.value !== undefined) continue;
      const index = stack.map((n) => n.tag).lastIndexOf(tag);
      if (index < 1) throw new OfxReadError(OFX_MESSAGES.closing(at, tag));
      stack.length = index;
      pending = null;
      continue;
    }
    const node: Node = { tag, line: at, children: [] };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
    pending = node;
  }
  if (stack.length > 1) throw new OfxReadError(OFX_MESSAGES.truncated(stack[1].tag === 'OFX' && stack.length > 2 ? stack[stack.length - 1].tag : stack[1].tag));
  const ofx = root.children.find((n) => n.tag === 'OFX');
  if (!ofx) throw new OfxReadError(OFX_MESSAGES.notOfx);
  return ofx;
}

const child = (node: Node, tag: string) => node.children.find((n) => n.tag === tag);
const valueOf = (node: Node | undefined, tag: string): string | null => {
  const found = node && child(node, tag);
  return found?.value !== undefined && found.value !== '' ? found.value : null;
};
function* descendants(node: Node, tag: string): Generator<Node> {
  for (const n of node.children) {
    if (n.tag === tag) yield n;
    else yield* descendants(n, tag);
  }
}

/**
 * "-1234.56", "1234,56", "1.234,56", "+10", "-.5" → centavos, from the digits (null when it is not an
 * amount). With both separators the last one is the decimal one; one separator once is decimal;
 * one repeated separates thousands. More than two decimals only when the rest are zeros.
 */
export function parseAmount(raw: string): number | null {
  let value = raw.trim().replace(/\s/g, '');
  const sign = value.startsWith('-') ? -1 : 1;
  value = value.replace(/^[+-]/, '');
  if (!/^[\d.,]+$/.test(value)) return null;
  let whole = value;
  let fraction = '';
  const dots = (value.match(/\./g) ?? []).length;
  const commas = (value.match(/,/g) ?? []).length;
  const decimalAt = dots && commas ? Math.max(value.lastIndexOf('.'), value.lastIndexOf(',')) : dots === 1 && !commas ? value.indexOf('.') : commas === 1 && !dots ? value.indexOf(',') : -1;
  if (decimalAt >= 0) {
    whole = value.slice(0, decimalAt);
    fraction = value.slice(decimalAt + 1);
  }
  if (/[.,]/.test(whole)) {
    if (!/^\d{1,3}([.,]\d{3})+$/.test(whole)) return null;
    whole = whole.replace(/[.,]/g, '');
  }
  if (!/^\d*$/.test(fraction) || (!whole && !fraction)) return null;
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return null;
  const cents = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  if (cents > 9_000_000_000_000_000n) return null;
  return sign * Number(cents) || 0;
}

/** OFX date-time: YYYYMMDD[HHMMSS[.XXX]][[±H[H][.MM]][:TZ]] — the written day and the instant. */
export function parseOfxDate(raw: string): OfxDate | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.(\d{1,3}))?)?)?\s*(?:\[\s*([+-]?\d{1,2})(?:[.:](\d{2}))?(?::[A-Za-z ]*)?\])?$/.exec(raw.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', ms = '0', offset = '0', offsetMinutes = '00'] = m;
  const date = `${y}-${mo}-${d}`;
  const check = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== date || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null;
  const hours = Number(offset);
  const minutes = (hours < 0 || offset.startsWith('-') ? -1 : 1) * (Math.abs(hours) * 60 + Number(offsetMinutes));
  if (Math.abs(minutes) > 14 * 60) return null;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0')));
  return { date, at: new Date(local - minutes * 60_000).toISOString() };
}

const cleanText = (value: string | null) => (value === null ? null : value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 255) || null);

/** Reads a decoded OFX text into its bank statements. */
export function readOfx(text: string, charset = 'utf-8'): OfxFile {
  const trimmed = text.replace(/^\uFEFF/, '');
  const isXml = /^\s*<\?xml/i.test(trimmed) || /<\?OFX/i.test(trimmed.slice(0, 1024));
  if (!isXml && !/OFXHEADER\s*:/i.test(trimmed.slice(0, 1024)) && !/^\s*<OFX>/i.test(trimmed)) throw new OfxReadError(OFX_MESSAGES.notOfx);
  const ofx = tree(trimmed);
  const statements: OfxStatement[] = [];
  for (const stmt of descendants(ofx, 'STMTRS')) {
    const from = child(stmt, 'BANKACCTFROM');
    const accountId = valueOf(from, 'ACCTID');
    if (!from || !accountId) throw new OfxReadError(OFX_MESSAGES.missing(from?.line ?? stmt.line, 'ACCTID', 'BANKACCTFROM'));
    const list = child(stmt, 'BANKTRANLIST');
    const date = (node: Node | undefined, tag: string, required: boolean): OfxDate | null => {
      const raw = valueOf(node, tag);
      if (!raw) {
        if (required) throw new OfxReadError(OFX_MESSAGES.missing(node?.line ?? stmt.line, tag, node?.tag ?? 'STMTRS'));
        return null;
      }
      const parsed = parseOfxDate(raw);
      if (!parsed) throw new OfxReadError(OFX_MESSAGES.date(child(node!, tag)!.line, tag, raw));
      return parsed;
    };
    const transactions: OfxTransaction[] = [];
    for (const trn of list ? list.children.filter((n) => n.tag === 'STMTTRN') : []) {
      const posted = date(trn, 'DTPOSTED', true)!;
      const rawAmount = valueOf(trn, 'TRNAMT');
      if (rawAmount === null) throw new OfxReadError(OFX_MESSAGES.missing(trn.line, 'TRNAMT', 'STMTTRN'));
      const amount = parseAmount(rawAmount);
      if (amount === null) throw new OfxReadError(OFX_MESSAGES.amount(child(trn, 'TRNAMT')!.line, rawAmount));
      transactions.push({
        line: trn.line,
        type: (valueOf(trn, 'TRNTYPE') ?? 'OTHER').toUpperCase().slice(0, 20),
        postedOn: posted.date,
        postedAt: posted.at,
        amount,
        fitId: cleanText(valueOf(trn, 'FITID')),
        checkNumber: cleanText(valueOf(trn, 'CHECKNUM') ?? valueOf(trn, 'REFNUM')),
        memo: cleanText(valueOf(trn, 'MEMO')),
        name: cleanText(valueOf(trn, 'NAME') ?? valueOf(child(trn, 'PAYEE') ?? trn, 'NAME')),
      });
    }
    const ledger = child(stmt, 'LEDGERBAL');
    const rawBalance = valueOf(ledger, 'BALAMT');
    const ledgerBalance = rawBalance === null ? null : parseAmount(rawBalance);
    if (rawBalance !== null && ledgerBalance === null) throw new OfxReadError(OFX_MESSAGES.balance(child(ledger!, 'BALAMT')!.line, rawBalance));
    statements.push({
      currency: valueOf(stmt, 'CURDEF'),
      bankId: valueOf(from, 'BANKID'),
      branchId: valueOf(from, 'BRANCHID'),
      accountId,
      accountType: valueOf(from, 'ACCTTYPE'),
      startDate: list ? date(list, 'DTSTART', false)?.date ?? null : null,
      endDate: list ? date(list, 'DTEND', false)?.date ?? null : null,
      ledgerBalance,
      ledgerBalanceDate: ledger ? date(ledger, 'DTASOF', false)?.date ?? null : null,
      transactions,
    });
  }
  if (!statements.length) throw new OfxReadError(OFX_MESSAGES.noStatement);
  return { version: isXml ? 2 : 1, charset, statements };
}

/** Decode and read in one step. */
export function readOfxBytes(bytes: Uint8Array): OfxFile {
  const { text, charset } = decodeOfx(bytes);
  return readOfx(text, charset);
}
