/**
 * Bytes → a small element tree, strictly (SECURITY.md "XML and bank files"), with saxes
 * (docs/decisions.md "NF-e import: the XML parser"):
 * - at most MAX_XML_BYTES, decodable as UTF-8 (a BOM is dropped), else refused;
 * - any `<!DOCTYPE` (any case, anywhere — even inside a comment) refused before parsing, so no
 *   entity is ever declared; saxes itself knows only the 5 predefined entities and character
 *   references, an undeclared `&name;` is a well-formedness error, and a doctype reaching the
 *   parser anyway fails too (second wall);
 * - well-formed XML 1.0 only (saxes reports truncation, unclosed and mismatched tags, junk after
 *   the root element);
 * - at most MAX_DEPTH nested elements and MAX_ELEMENTS in all.
 * Element and attribute names lose their namespace prefix (`nfe:NFe` → `NFe`); the namespace of
 * each element is kept in `ns` (the `xmlns`/`xmlns:prefix` in scope). Text is what the element
 * holds directly (text + CDATA, trimmed).
 */
import { SaxesParser } from 'saxes';

export const MAX_XML_BYTES = 5 * 1024 * 1024;
export const MAX_DEPTH = 32;
export const MAX_ELEMENTS = 200_000;

export const XML_MESSAGES = {
  empty: 'O arquivo está vazio.',
  tooLarge: `O arquivo passa do limite de ${MAX_XML_BYTES / 1024 / 1024} MB para um XML de nota fiscal.`,
  encoding: 'O arquivo não está em UTF-8 (a codificação da NF-e): não pôde ser lido como XML.',
  doctype: 'O arquivo traz uma declaração <!DOCTYPE>, que não existe numa NF-e e não é aceita (pode expandir entidades).',
  malformed: (detail: string) => `O arquivo não é um XML bem formado: ${detail}.`,
  tooDeep: `O XML tem mais de ${MAX_DEPTH} níveis de elementos aninhados: não é uma nota fiscal.`,
  tooMany: `O XML tem mais de ${MAX_ELEMENTS.toLocaleString('pt-BR')} elementos: não é uma nota fiscal.`,
} as const;

export interface XmlElement {
  /** Local name (prefix dropped). */
  name: string;
  /** Namespace URI in scope for this element's prefix ('' when none). */
  ns: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Direct text and CDATA, trimmed. */
  text: string;
}

export type XmlResult = { ok: true; root: XmlElement } | { ok: false; message: string };

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const prefixOf = (name: string) => (name.includes(':') ? name.slice(0, name.indexOf(':')) : '');

const namespaceOf = (scope: Record<string, string>, prefix: string) => (Object.hasOwn(scope, prefix) ? scope[prefix] : '');

class Stop extends Error {}

/** What the file says, shortened for a message (a 4 MB attribute is not echoed back). */
export const clip = (text: string, max = 60): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** saxes' error in pt-BR with its place: "1:230: unclosed tag: NFe" → "linha 1, coluna 230: o arquivo termina com o elemento <NFe> aberto (arquivo truncado?)". */
function describe(error: Error): string {
  const match = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/.exec(error.message);
  const what = (match ? match[3] : error.message).replace(/\.$/, '');
  const known: [RegExp, (found: RegExpExecArray) => string][] = [
    [/^unclosed tag: (.*)$/, (m) => `o arquivo termina com o elemento <${clip(m[1])}> aberto (arquivo truncado?)`],
    [/unexpected end|unclosed/, () => 'o arquivo termina no meio de um elemento (arquivo truncado?)'],
    [/^unexpected close tag|unmatched closing tag/, () => 'um elemento fecha com outro nome'],
    [/^undefined entity/, () => 'referência a uma entidade não definida'],
    [/text data outside of root node|must contain a root element|start tag/, () => 'há texto fora do elemento raiz ou nenhum elemento'],
    [/only one root/, () => 'há mais de um elemento raiz'],
    [/^duplicate attribute: (.*)$/, (m) => `o atributo ${clip(m[1])} aparece duas vezes`],
    [/disallowed character/, () => 'caractere não permitido em XML'],
  ];
  let label = 'estrutura inválida';
  for (const [pattern, text] of known) {
    const found = pattern.exec(what);
    if (found) {
      label = text(found);
      break;
    }
  }
  return match ? `linha ${match[1]}, coluna ${match[2]}: ${label}` : label;
}

/** UTF-8 text of the bytes (BOM dropped), or null. */
function decode(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

export function readXml(bytes: Uint8Array): XmlResult {
  if (bytes.byteLength === 0) return { ok: false, message: XML_MESSAGES.empty };
  if (bytes.byteLength > MAX_XML_BYTES) return { ok: false, message: XML_MESSAGES.tooLarge };
  const text = decode(bytes);
  if (text === null) return { ok: false, message: XML_MESSAGES.encoding };
  if (/<!DOCTYPE/i.test(text)) return { ok: false, message: XML_MESSAGES.doctype };
  if (!text.trim()) return { ok: false, message: XML_MESSAGES.empty };

  const parser = new SaxesParser({ position: true });
  const stack: XmlElement[] = [];
  const scopes: Record<string, string>[] = [{}];
  let root: XmlElement | null = null;
  let count = 0;
  let failure: string | null = null;
  const fail = (message: string): never => {
    failure = message;
    throw new Stop();
  };

  parser.on('doctype', () => fail(XML_MESSAGES.doctype));
  parser.on('error', (error) => fail(XML_MESSAGES.malformed(describe(error))));
  parser.on('opentag', (tag) => {
    if (++count > MAX_ELEMENTS) fail(XML_MESSAGES.tooMany);
    if (stack.length >= MAX_DEPTH) fail(XML_MESSAGES.tooDeep);
    let scope = scopes[scopes.length - 1];
    const attributes: Record<string, string> = {};
    const given = tag.attributes as Record<string, string>;
    for (const name of Object.keys(given)) {
      const value = given[name];
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        if (scope === scopes[scopes.length - 1]) scope = { ...scope };
        scope[name === 'xmlns' ? '' : name.slice(6)] = value;
      } else {
        // defineProperty: an attribute named `__proto__` stays an attribute (an assignment would set the prototype).
        Object.defineProperty(attributes, localName(name), { value, enumerable: true, writable: true, configurable: true });
      }
    }
    scopes.push(scope);
    const element: XmlElement = { name: localName(tag.name), ns: namespaceOf(scope, prefixOf(tag.name)), attributes, children: [], text: '' };
    if (stack.length) stack[stack.length - 1].children.push(element);
    else root = element;
    stack.push(element);
  });
  const addText = (chunk: string) => {
    if (stack.length) stack[stack.length - 1].text += chunk;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const element = stack.pop();
    scopes.pop();
    if (element) element.text = element.text.trim();
  });

  try {
    parser.write(text).close();
  } catch (error) {
    if (!(error instanceof Stop)) return { ok: false, message: XML_MESSAGES.malformed(describe(error as Error)) };
  }
  if (failure) return { ok: false, message: failure };
  if (!root) return { ok: false, message: XML_MESSAGES.malformed(describe(new Error('document must contain a root element'))) };
  return { ok: true, root };
}

/** The first child of `parent` with this local name. */
export const child = (parent: XmlElement | undefined, name: string): XmlElement | undefined => parent?.children.find((c) => c.name === name);

/** Every child of `parent` with this local name. */
export const children = (parent: XmlElement | undefined, name: string): XmlElement[] => parent?.children.filter((c) => c.name === name) ?? [];

/** The element at this path of local names under `parent`. */
export const at = (parent: XmlElement | undefined, ...path: string[]): XmlElement | undefined => path.reduce<XmlElement | undefined>((node, name) => child(node, name), parent);
