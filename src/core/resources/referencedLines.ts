/**
 * The lines of the record a form's reference points to (an ordem de compra's items), for a
 * `lineOf` field: chosen from them and shown by their label. One read per record while a screen
 * keeps asking (the form's lines and the details' table share it).
 */
import { useEffect, useState } from 'react';
import type { LineOf } from '../../contracts/resource';
import { catalogueEntry } from '../catalogue';
import { apiPath } from './paths';
import { request } from './transport';
import type { Row } from './useList';

export interface ReferencedLine {
  id: string;
  /** "1. Papel A4 (caixa)": its position and its label field. */
  label: string;
}

const reads = new Map<string, { at: number; read: Promise<ReferencedLine[]> }>();
const KEPT = 20;
/** A screen opened later reads the record again (its lines may have changed meanwhile). */
const FRESH_MS = 30_000;

function readLines(target: string, id: string, lineOf: LineOf): Promise<ReferencedLine[]> {
  const key = `${target} ${id} ${lineOf.list}`;
  const kept = reads.get(key);
  let read = kept && Date.now() - kept.at < FRESH_MS ? kept.read : undefined;
  if (!read) {
    reads.delete(key);
    const resource = catalogueEntry(target);
    read = resource
      ? request<Row>(resource.api, apiPath(resource, {}, id), { silent: true }).then((record) => {
          const lines = Array.isArray(record[lineOf.list]) ? (record[lineOf.list] as Row[]) : [];
          return lines.map((line, index) => ({ id: String(line.id), label: `${index + 1}. ${String(line[lineOf.label] ?? '')}` }));
        })
      : Promise.resolve([]);
    // A failed read is asked again next time.
    read.catch(() => reads.delete(key));
    if (reads.size >= KEPT) reads.delete(reads.keys().next().value!);
    reads.set(key, { at: Date.now(), read });
  }
  return read;
}

/** The referenced record's lines (null while they load, or without a record chosen). */
export function useReferencedLines(target: string | undefined, id: unknown, lineOf: LineOf | undefined): ReferencedLine[] | null {
  const [answer, setAnswer] = useState<{ key: string; lines: ReferencedLine[] } | null>(null);
  const key = target && lineOf && typeof id === 'string' && id ? `${target} ${id} ${lineOf.list}` : '';
  useEffect(() => {
    if (!key || !target || !lineOf) return undefined;
    let live = true;
    readLines(target, id as string, lineOf)
      .then((lines) => live && setAnswer({ key, lines }))
      .catch(() => live && setAnswer({ key, lines: [] }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return answer && answer.key === key ? answer.lines : null;
}

/** The line's label, or its id while unknown. */
export const lineLabel = (lines: readonly ReferencedLine[] | null, id: unknown): string => lines?.find((line) => line.id === id)?.label ?? String(id ?? '');
