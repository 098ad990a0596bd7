/**
 * The lines of the record a form's reference points to (an ordem de compra's items), for a
 * `lineOf` field: chosen from them and shown by their label (the record read once: referencedRecord.ts).
 */
import { useEffect, useState } from 'react';
import type { AnyResource, LineOf } from '../../contracts/resource';
import { readReferenced } from './referencedRecord';
import type { Row } from './useList';

export interface ReferencedLine {
  id: string;
  /** "1. Papel A4 (caixa)": its position and its label field. */
  label: string;
}

/** The declaration the `lineOf` field's reference points to (an ordem de compra), if any. */
export const lineTarget = (resource: AnyResource, lineOf: LineOf | undefined): string | undefined => {
  const reference = lineOf ? resource.fields[lineOf.reference] : undefined;
  return reference?.type === 'reference' ? reference.resource : undefined;
};

async function readLines(target: string, id: string, lineOf: LineOf): Promise<ReferencedLine[]> {
  const record = await readReferenced(target, id);
  const lines = Array.isArray(record?.[lineOf.list]) ? (record![lineOf.list] as Row[]) : [];
  return lines.map((line, index) => ({ id: String(line.id), label: `${index + 1}. ${String(line[lineOf.label] ?? '')}` }));
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
