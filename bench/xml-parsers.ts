/**
 * Figures behind the NF-e parser choice (docs/decisions.md "NF-e import: the XML parser"):
 * the same 500-item nfeProc (tests/fixtures/nfe/build.ts) parsed by each candidate — runs
 * interleaved (one of each candidate per round, so a busy machine slows them alike), median of
 * RUNS after WARMUP — and how each behaves on what an import must refuse or keep:
 *   - the 44-digit chave (chNFe) read back: a string, or a number that lost digits;
 *   - the 3-item file cut at 200 evenly spaced points: how many prefixes are read as a document;
 *   - a DOCTYPE declaring an entity (`&a;` = "lol"): expanded, left as text, or refused;
 *   - nested entities (3 levels, 10× each: 3,000 characters): expanded or not;
 *   - an undeclared entity `&foo;`: refused or passed through.
 * saxes (the choice) is a dependency; the others are not installed with the project:
 *   npm install --no-save fast-xml-parser@5 @xmldom/xmldom@0.9 txml@6
 * (a candidate missing is skipped). Knobs: RUNS (30), WARMUP (5).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { readXml } from '../server/supply/nfe/xml';
import { buildNfeXml, fixtureKey, manyItems, nfeFixture } from '../tests/fixtures/nfe/build';

const RUNS = Number(process.env.RUNS ?? 30);
const WARMUP = Number(process.env.WARMUP ?? 5);
const require = createRequire(import.meta.url);

const fixture = nfeFixture({ items: manyItems(500) });
const xml = buildNfeXml(fixture);
const bytes = new TextEncoder().encode(xml);
const key = fixtureKey(fixture);
const small = buildNfeXml(nfeFixture());
const CUTS = 200;
const cuts = Array.from({ length: CUTS }, (_, i) => small.slice(0, Math.max(1, Math.floor(((i + 1) * small.length) / (CUTS + 1)))));
const entity = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "lol">]><r><v>&a;</v></r>';
const lol = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><r><v>&d;</v></r>`;
const undeclared = '<r><v>a&foo;b</v></r>';

interface Candidate {
  name: string;
  /** Parses; throws on what it refuses. Returns the chNFe as read (for the first case) and v's text (for the others). */
  parse(text: string): { chNFe?: unknown; v?: unknown };
}

/** The version of an installed package (its package.json found above its entry: not every package exports it). */
function versionOf(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (dir !== path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (json.name === name) return json.version ?? '?';
    }
    dir = path.dirname(dir);
  }
  return '?';
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The text of the first element with this local name anywhere in a tree of {name|tagName, children}. */
function findText(node: unknown, name: string): unknown {
  if (!node || typeof node !== 'object') return undefined;
  const n = node as { tagName?: string; name?: string; children?: unknown[]; text?: string };
  if ((n.tagName ?? n.name) === name) return n.text ?? n.children?.find((c) => typeof c === 'string');
  for (const c of n.children ?? []) {
    const found = findText(c, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

function candidates(): Candidate[] {
  const list: Candidate[] = [
    {
      name: 'saxes 6 → our tree (readXml)',
      parse(text) {
        const result = readXml(new TextEncoder().encode(text));
        if (!result.ok) throw new Error(result.message);
        return { chNFe: findText(result.root, 'chNFe'), v: findText(result.root, 'v') };
      },
    },
    {
      name: 'saxes 6, events only (no DOCTYPE pre-check)',
      parse(text) {
        const parser = new SaxesParser();
        let current = '';
        let chNFe: string | undefined;
        let v: string | undefined;
        parser.on('opentag', () => (current = ''));
        parser.on('text', (t) => (current += t));
        parser.on('closetag', (tag) => {
          if (tag.name === 'chNFe') chNFe = current;
          if (tag.name === 'v') v = current;
        });
        parser.write(text).close();
        return { chNFe, v };
      },
    },
  ];
  try {
    // Typed here: the package is not a dependency (the type check must pass without it).
    const { XMLParser, XMLValidator } = require('fast-xml-parser') as {
      XMLParser: new (options?: Record<string, unknown>) => { parse(text: string): any };
      XMLValidator: { validate(text: string): true | { err: { msg: string } } };
    };
    const version = versionOf('fast-xml-parser');
    list.push({
      name: `fast-xml-parser ${version}, defaults`,
      parse(text) {
        const out = new XMLParser().parse(text);
        return { chNFe: out?.nfeProc?.protNFe?.infProt?.chNFe, v: out?.r?.v };
      },
    });
    list.push({
      name: `fast-xml-parser ${version}, strings + validate first`,
      parse(text) {
        const valid = XMLValidator.validate(text);
        if (valid !== true) throw new Error(valid.err.msg);
        const out = new XMLParser({ parseTagValue: false, parseAttributeValue: false, ignoreAttributes: false, processEntities: false }).parse(text);
        return { chNFe: out?.nfeProc?.protNFe?.infProt?.chNFe, v: out?.r?.v };
      },
    });
  } catch {
    console.log('xml-parsers: fast-xml-parser not installed (skipped)');
  }
  try {
    const { DOMParser } = require('@xmldom/xmldom') as {
      DOMParser: new (options: { onError: (level: string, message: string) => void }) => {
        parseFromString(text: string, type: string): { getElementsByTagName(name: string): ArrayLike<{ textContent: string | null }> };
      };
    };
    const version = versionOf('@xmldom/xmldom');
    list.push({
      name: `@xmldom/xmldom ${version}, errors thrown`,
      parse(text) {
        const doc = new DOMParser({
          onError: (level: string, message: string) => {
            if (level !== 'warning') throw new Error(message);
          },
        }).parseFromString(text, 'text/xml');
        return { chNFe: doc.getElementsByTagName('chNFe')[0]?.textContent, v: doc.getElementsByTagName('v')[0]?.textContent };
      },
    });
  } catch {
    console.log('xml-parsers: @xmldom/xmldom not installed (skipped)');
  }
  try {
    const txml = require('txml') as { parse(text: string): unknown[] };
    const version = versionOf('txml');
    list.push({
      name: `txml ${version}`,
      parse(text) {
        const out = txml.parse(text);
        return { chNFe: findText({ children: out }, 'chNFe'), v: findText({ children: out }, 'v') };
      },
    });
  } catch {
    console.log('xml-parsers: txml not installed (skipped)');
  }
  return list;
}

function attempt(candidate: Candidate, text: string): { ok: true; out: { chNFe?: unknown; v?: unknown } } | { ok: false; error: string } {
  try {
    return { ok: true, out: candidate.parse(text) };
  } catch (error) {
    return { ok: false, error: String((error as Error).message).split('\n')[0].slice(0, 60) };
  }
}

console.log(`xml-parsers: 500-item nfeProc, ${(bytes.length / 1024).toFixed(0)} KB, median of ${RUNS} interleaved runs (after ${WARMUP})`);
const list = candidates();
const times = list.map(() => [] as number[]);
for (let round = 0; round < WARMUP + RUNS; round++) {
  list.forEach((candidate, i) => {
    const started = performance.now();
    candidate.parse(xml);
    if (round >= WARMUP) times[i].push(performance.now() - started);
  });
}
const show = (value: unknown) => JSON.stringify(String(value ?? '').length > 12 ? `${String(value).slice(0, 9)}…` : String(value ?? ''));
list.forEach((candidate, i) => {
  const good = attempt(candidate, xml);
  const chave = good.ok ? good.out.chNFe : undefined;
  const chaveNote = chave === key ? 'string, exact' : `${typeof chave} ${String(chave)} (NOT the chave)`;
  const truncatedRead = cuts.filter((cut) => attempt(candidate, cut).ok).length;
  const one = attempt(candidate, entity);
  const oneNote = one.ok ? (one.out.v === 'lol' ? 'EXPANDED' : `accepted, v = ${show(one.out.v)}`) : 'refused';
  const laughs = attempt(candidate, lol);
  const laughsLength = laughs.ok ? String(laughs.out.v ?? '').length : 0;
  const laughsNote = laughs.ok ? (laughsLength >= 3000 ? `EXPANDED (${laughsLength} chars)` : `accepted, v = ${show(laughs.out.v)}`) : 'refused';
  const foo = attempt(candidate, undeclared);
  console.log(
    `xml-parsers: ${candidate.name.padEnd(46)} ${median(times[i]).toFixed(2).padStart(7)} ms | chNFe: ${chaveNote} | truncated read: ${truncatedRead}/${CUTS} | DOCTYPE entity: ${oneNote} | nested: ${laughsNote} | &foo;: ${foo.ok ? `accepted, v = ${show(foo.out.v)}` : 'refused'}`,
  );
});
