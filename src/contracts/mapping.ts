/**
 * "Make B from A" as data (ARCHITECTURE "records that act on records"; Frappe's `get_mapped_doc`):
 * which fields of a source record and of its lines become the fields of a target record and of its
 * lines. The server runs a mapping in one transaction (server/registry/mapper.ts): it reads the
 * sources, plans the targets with `planMapping` below, creates each target through its own record
 * service (numbering, validation, totals, audit) and records where every target line came from
 * (`record_links`), so a pedido line stays traceable through the cotação to the ordem de compra.
 *
 * - `split`: one target per distinct value of a line field (a split award: one ordem de compra per
 *   awarded supplier); the header fields of each target read the source record and that group's
 *   first line (without a split, the source record only).
 * - `lines.mergeOn`: lines whose target values agree in these fields become one line with the
 *   `sum` fields added (the same product asked for in two pedidos is one cotação line), each
 *   source line still linked, with its own quantity.
 */
export interface MappingLines {
  /** The source's list field. */
  from: string;
  /** The target's list field. */
  to: string;
  /** Target item field ← source item field. */
  fields: Readonly<Record<string, string>>;
  mergeOn?: readonly string[];
  sum?: readonly string[];
  /** The source item field whose amount each link records (the quantity a line brought). */
  quantity?: string;
}

export interface RecordMapping {
  name: string;
  /** Source and target declarations (names in resources/index.ts). */
  from: string;
  to: string;
  /** Target field ← source field (of the record, or of the split group's first line). */
  fields: Readonly<Record<string, string>>;
  split?: { by: string };
  lines: MappingLines;
  /**
   * The target lines' checks across their fields that wait for a later step instead of the creation
   * (a lançamento's parcelas are made before their boleto arrives; sending it checks the payment data).
   */
  deferLineChecks?: boolean;
}

type Values = Readonly<Record<string, unknown>>;

/** A source prepared for a mapping: its record (with `id`) and the lines to carry (each with its `id`). */
export interface MapSource {
  record: Values & { id: string };
  lines: readonly (Values & { id: string })[];
}

/** Where one target line came from. */
export interface LineOrigin {
  sourceId: string;
  sourceLineId: string;
  quantity: number | null;
}

/** One target to create: its values, and the origins of each of its lines (by index). */
export interface PlannedTarget {
  values: Record<string, unknown>;
  origins: LineOrigin[][];
}

const keyOf = (values: Values, fields: readonly string[]) => JSON.stringify(fields.map((field) => values[field] ?? null));

/** The targets a mapping makes of these sources (pure: the same on the server and in a preview). */
export function planMapping(mapping: RecordMapping, sources: readonly MapSource[]): PlannedTarget[] {
  const groups = new Map<string, { head: Values; lines: Record<string, unknown>[]; origins: LineOrigin[][]; merged: Map<string, number> }>();
  for (const source of sources) {
    for (const line of source.lines) {
      const split = mapping.split ? keyOf(line, [mapping.split.by]) : '';
      let group = groups.get(split);
      if (!group) {
        group = { head: mapping.split ? { ...source.record, ...line } : source.record, lines: [], origins: [], merged: new Map() };
        groups.set(split, group);
      }
      const item: Record<string, unknown> = {};
      for (const [to, from] of Object.entries(mapping.lines.fields)) item[to] = line[from] ?? null;
      const origin: LineOrigin = { sourceId: source.record.id, sourceLineId: line.id, quantity: mapping.lines.quantity ? Number(line[mapping.lines.quantity]) : null };
      const mergeKey = mapping.lines.mergeOn ? keyOf(item, mapping.lines.mergeOn) : undefined;
      const at = mergeKey === undefined ? undefined : group.merged.get(mergeKey);
      if (at === undefined) {
        if (mergeKey !== undefined) group.merged.set(mergeKey, group.lines.length);
        group.lines.push(item);
        group.origins.push([origin]);
        continue;
      }
      for (const field of mapping.lines.sum ?? []) group.lines[at][field] = Number(group.lines[at][field] ?? 0) + Number(item[field] ?? 0);
      group.origins[at].push(origin);
    }
  }
  return [...groups.values()].map((group) => {
    const values: Record<string, unknown> = {};
    for (const [to, from] of Object.entries(mapping.fields)) values[to] = group.head[from] ?? null;
    values[mapping.lines.to] = group.lines;
    return { values, origins: group.origins };
  });
}
