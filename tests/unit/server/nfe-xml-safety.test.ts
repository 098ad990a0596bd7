import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, MAX_XML_BYTES, readNfe, XML_MESSAGES } from '../../../server/supply/nfe/index';
import { readXml } from '../../../server/supply/nfe/xml';
import { buildNfeXml, nfeFixture } from '../../fixtures/nfe/build';

const bytes = (text: string) => new TextEncoder().encode(text);
const refusal = (input: string | Uint8Array) => {
  const result = readNfe(typeof input === 'string' ? bytes(input) : input);
  return result.ok ? 'read' : result.message;
};
const good = buildNfeXml(nfeFixture());

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"><NFe><infNFe><ide><natOp>&lol9;</natOp></ide></infNFe></NFe></nfeProc>`;

describe('XML safety: DOCTYPE and entities', () => {
  it('refuses the billion laughs before parsing, without expanding anything', () => {
    // Expanding &lol9; would take 10^9 × 3 bytes; the refusal is a string search before any parsing.
    expect(refusal(BILLION_LAUGHS)).toBe(XML_MESSAGES.doctype);
  });

  it('second wall: saxes itself never expands an entity declared in a DOCTYPE (it stays undefined)', () => {
    const parser = new SaxesParser();
    let text = '';
    parser.on('text', (chunk) => (text += chunk));
    expect(() => parser.write(BILLION_LAUGHS).close()).toThrow(/undefined entity/);
    expect(text.length).toBeLessThan(100);
  });

  it('refuses any DOCTYPE: external entity (XXE), a bare one, any case, one hidden in a comment, one in the middle of a good file', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe">&xxe;</nfeProc>`;
    expect(refusal(xxe)).toBe(XML_MESSAGES.doctype);
    expect(refusal('<!DOCTYPE nfeProc><nfeProc/>')).toBe(XML_MESSAGES.doctype);
    expect(refusal('<!doctype nfeProc SYSTEM "http://127.0.0.1/x.dtd"><nfeProc/>')).toBe(XML_MESSAGES.doctype);
    expect(refusal(good.replace('<NFe ', '<!-- <!DOCTYPE x> --><NFe '))).toBe(XML_MESSAGES.doctype);
    expect(refusal(good.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE nfeProc>\n'))).toBe(XML_MESSAGES.doctype);
  });

  it('refuses an entity reference with no DOCTYPE as not well-formed (only the 5 XML entities and character references exist)', () => {
    const message = refusal(good.replace('Venda de mercadoria', '&lol9;'));
    expect(message).toMatch(/^O arquivo não é um XML bem formado: linha 1, coluna \d+: referência a uma entidade não definida\.$/);
    const xml = readXml(bytes('<a>&lt;&gt;&amp;&apos;&quot;&#65;&#x42;</a>'));
    expect(xml.ok && xml.root.text).toBe(`<>&'"AB`);
  });
});

describe('XML safety: truncated and malformed files', () => {
  it('refuses a truncated NF-e, saying so', () => {
    const cut = good.slice(0, Math.floor(good.length * 0.6));
    expect(refusal(cut)).toMatch(/^O arquivo não é um XML bem formado: linha 1, coluna \d+: o arquivo termina com o elemento <\w+> aberto \(arquivo truncado\?\)\.$/);
  });

  it('property: every strict prefix of a good file is refused (never read as a smaller NF-e)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: good.length - 1 }), (at) => {
        expect(refusal(good.slice(0, at))).not.toBe('read');
      }),
      { numRuns: 300 },
    );
  });

  it('refuses mismatched tags, two roots, junk after the root, text with no element', () => {
    expect(refusal(good.replace('</ide>', '</IDE>'))).toMatch(/um elemento fecha com outro nome\.$/);
    expect(refusal(`${good}<nfeProc/>`)).toMatch(/há mais de um elemento raiz\.$/);
    expect(refusal(`${good}lixo`)).toMatch(/há texto fora do elemento raiz ou nenhum elemento\.$/);
    expect(refusal('isto não é XML')).toMatch(/^O arquivo não é um XML bem formado/);
  });

  it('refuses an empty file, a file over the limit, bytes that are not UTF-8', () => {
    expect(refusal('')).toBe(XML_MESSAGES.empty);
    expect(refusal('   \n')).toBe(XML_MESSAGES.empty);
    expect(refusal(new Uint8Array(MAX_XML_BYTES + 1))).toBe(XML_MESSAGES.tooLarge);
    expect(XML_MESSAGES.tooLarge).toBe('O arquivo passa do limite de 5 MB para um XML de nota fiscal.');
    const latin1 = Uint8Array.from([...'<a>Indústria</a>'].map((c) => c.charCodeAt(0)));
    expect(refusal(latin1)).toBe(XML_MESSAGES.encoding);
    expect(refusal(Uint8Array.from([0xff, 0xfe, 0x3c, 0x00, 0x61, 0x00]))).toBe(XML_MESSAGES.encoding); // UTF-16
  });

  it('refuses nesting deeper than the limit', () => {
    const deep = `${'<a>'.repeat(MAX_DEPTH + 1)}${'</a>'.repeat(MAX_DEPTH + 1)}`;
    expect(refusal(deep)).toBe(XML_MESSAGES.tooDeep);
    const ok = `${'<a>'.repeat(MAX_DEPTH)}${'</a>'.repeat(MAX_DEPTH)}`;
    expect(readXml(bytes(ok)).ok).toBe(true);
  });

  it('keeps an attribute named __proto__ as plain data', () => {
    const xml = readXml(bytes('<a __proto__="x" constructor="y"><b/></a>'));
    expect(xml.ok).toBe(true);
    if (xml.ok) {
      expect(xml.root.attributes.__proto__).toBe('x');
      expect(xml.root.attributes.constructor).toBe('y');
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    }
  });
});
