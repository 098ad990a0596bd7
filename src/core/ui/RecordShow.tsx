import { Fragment, type ReactNode } from 'react';
import { BASE_FIELD_DEFS, fieldShown, hiddenForEmpty, type AnyResource, type FieldDef } from '../../contracts/resource';
import { DataTable } from './DataTable';
import { fieldLabel, sectionTitle } from '../resources/labels';
import { lineLabel, lineTarget, useReferencedLines } from '../resources/referencedLines';
import type { Row } from '../resources/useList';
import * as css from './data.css';
import * as show from './recordShow.css';
import { FieldValue } from './fields/FieldValue';
import { Link } from './Link';

type ListDef = Extract<FieldDef, { type: 'list' }>;

/** The show page of the referenced record, or null (no route here, or not readable by the user). */
export type LinkOf = (target: string, id: string) => string | null;

/** Items of a `list` field as a table (virtualised when there are many: ACL items, statements). */
function ItemsTable({ resource, field, def, record, linkOf }: { resource: AnyResource; field: string; def: ListDef; record: Row; linkOf?: LinkOf }) {
  const value = record[field];
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  // A line of the referenced record (a faturamento line's ordem line) reads as that line ("1. Papel A4"), not its id.
  const [lineField, lineDef] = Object.entries(def.of).find(([, sub]) => sub.lineOf) ?? [];
  const lineOf = lineDef?.lineOf;
  const lines = useReferencedLines(lineTarget(resource, lineOf), lineOf ? record[lineOf.reference] : undefined, lineOf);
  const itemResource: AnyResource = { ...resource, name: `${resource.name}.${field}`, fields: def.of, workflow: undefined };
  // References inside items come as `_refs["field.index.sub"]`; each row gets its own `_refs[sub]`.
  const rows = items.map((item, index) => ({
    ...item,
    ...(lineField ? { [lineField]: lineLabel(lines, item[lineField]) } : {}),
    id: String(index),
    version: 0,
    createdAt: '',
    updatedAt: '',
    _refs: Object.fromEntries(Object.keys(def.of).map((sub) => [sub, record._refs?.[`${field}.${index}.${sub}`] ?? []])),
  }));
  // A column only some items use (a parcela's PIX key) shows when at least one item uses it (and fills it, if `hiddenWhenEmpty`).
  const columns = Object.entries(def.of).filter(([name, sub]) => rows.some((row) => fieldShown(sub, row, record) && !hiddenForEmpty(sub, (row as Record<string, unknown>)[name]))).map(([name]) => ({ field: name }));
  return <DataTable resource={itemResource} columns={columns} rows={rows} caption={fieldLabel(resource, field)} linkOf={linkOf} />;
}

const filled = (value: unknown) => value !== null && value !== undefined && value !== '';

/** A list item read as a few lines of text: its `title` field's value, then each line's non-empty values joined by ", ". */
interface ItemLines {
  title?: string;
  lines: readonly (readonly string[])[];
}

/**
 * An address list (its item's `cep` declares the lookup that fills the rest) reads as lines:
 * street, number, complement / bairro / município-UF / CEP, under its type (the item's first
 * `enum`, "Principal"). Any other list is a table.
 */
function addressLines(def: ListDef): ItemLines | null {
  const entries = Object.entries(def.of);
  const cep = entries.find(([, sub]) => sub.type === 'cep');
  const map = cep && cep[1].type === 'cep' ? cep[1].lookup : undefined;
  if (!cep || !map) return null;
  const only = (...names: (string | undefined)[]) => names.filter((name): name is string => Boolean(name && def.of[name]));
  return {
    title: entries.find(([, sub]) => sub.type === 'enum')?.[0],
    lines: [only(map.street, map.number, map.complement), only(map.district), only(map.city, map.state), [cep[0]]].filter((line) => line.length > 0),
  };
}

/**
 * Items of an address list as blocks of text: its title value,
 * then one line per group of fields, each value whole (lines wrap between words, never mid-word).
 */
function ItemsAsLines({ resource, field, def, lines, record }: { resource: AnyResource; field: string; def: ListDef; lines: ItemLines; record: Row }) {
  const items = (record[field] as Record<string, unknown>[]) ?? [];
  const value = (item: Record<string, unknown>, index: number, sub: string) => (
    <FieldValue resource={resource} field={`${field}.${sub}`} def={def.of[sub]} value={item[sub]} refs={record._refs?.[`${field}.${index}.${sub}`]} />
  );
  return (
    <ul className={show.itemLines} aria-label={fieldLabel(resource, field)}>
      {items.map((item, index) => (
        <li key={String(item.id ?? index)} className={show.itemLinesItem}>
          {lines.title && filled(item[lines.title]) && <strong className={show.line}>{value(item, index, lines.title)}</strong>}
          {lines.lines.map((group, line) => {
            const shown = group.filter((sub) => {
              const sdef = def.of[sub];
              if (!sdef || !filled(item[sub])) return false;
              // The municipality already says its UF ("Belo Horizonte/MG").
              return !(sdef.type === 'uf' && group.some((other) => def.of[other]?.type === 'city' && (def.of[other] as { stateField?: string }).stateField === sub && filled(item[other])));
            });
            if (!shown.length) return null;
            return (
              <span key={line} className={show.line}>
                {shown.map((sub, i) => (
                  <Fragment key={sub}>
                    {i > 0 && ', '}
                    {def.of[sub].type === 'cep' ? <span className={show.keep}>{`${def.of[sub].label} `}{value(item, index, sub)}</span> : value(item, index, sub)}
                  </Fragment>
                ))}
              </span>
            );
          })}
        </li>
      ))}
    </ul>
  );
}

/** One field's value as the show page reads it: a table or lines for lists, a link for a reference it may follow. */
function ShownValue({ resource, field, def, record, linkOf }: { resource: AnyResource; field: string; def: FieldDef; record: Row; linkOf?: LinkOf }) {
  const value = record[field];
  if (def.type === 'list' && Array.isArray(value) && value.length > 0) {
    const lines = addressLines(def);
    return lines ? <ItemsAsLines resource={resource} field={field} def={def} lines={lines} record={record} /> : <ItemsTable resource={resource} field={field} def={def} record={record} linkOf={linkOf} />;
  }
  const shown = <FieldValue resource={resource} field={field} def={def} value={value} refs={record._refs?.[field]} allRefs={record._refs} />;
  const href = def.type === 'reference' && linkOf && typeof value === 'string' && value ? linkOf(def.resource, value) : null;
  return href ? <Link href={href}>{shown}</Link> : shown;
}

/** Consecutive fields of a section: scalars side by side with their labels, a list with items across the width. */
function runsOf(fields: readonly string[], isBlock: (field: string) => boolean): { block: boolean; fields: string[] }[] {
  const runs: { block: boolean; fields: string[] }[] = [];
  for (const field of fields) {
    const block = isBlock(field);
    const last = runs.at(-1);
    if (last && !block && !last.block) last.fields.push(field);
    else runs.push({ block, fields: [field] });
  }
  return runs;
}

/**
 * A record's values, section by section (the form's sections), plus when it was created/updated.
 * It reads as a document: each heading once (a section whose only field is named like it shows
 * the value under the heading), lists with items across the width (tables, or lines for an
 * address), references as links to the referenced record where `linkOf` finds its page.
 */
export function RecordShow({ resource, record, fields, linkOf }: { resource: AnyResource; record: Row; fields?: readonly string[]; linkOf?: LinkOf }) {
  const sections = fields ? [{ key: 'only', title: '', fields }] : resource.form.sections;
  const dt = (field: string) => <dt className={css.dt}>{fieldLabel(resource, field)}</dt>;
  const value = (field: string, def: FieldDef) => <ShownValue resource={resource} field={field} def={def} record={record} linkOf={linkOf} />;
  return (
    <div className={css.section}>
      {sections.map((section) => {
        const title = section.title ? sectionTitle(resource, section) : '';
        const shown = section.fields.filter((field) => {
          const def = resource.fields[field];
          return def && fieldShown(def, record) && !hiddenForEmpty(def, record[field]);
        });
        // A section whose fields do not apply to this record (a queue's triggers for a kind with none) is left out, heading and all.
        if (!shown.length) return null;
        // A field named like its section (its only field, or a list in it) is named by the heading alone.
        const lone = shown.length === 1 && title !== '' && fieldLabel(resource, shown[0]) === title;
        const isBlock = (field: string) => {
          const def = resource.fields[field];
          return def.type === 'list' && Array.isArray(record[field]) && (record[field] as unknown[]).length > 0;
        };
        let body: ReactNode;
        if (lone) body = <div className={css.dd}>{value(shown[0], resource.fields[shown[0]])}</div>;
        else {
          body = runsOf(shown, isBlock).map((run) =>
            run.block ? (
              <div key={run.fields[0]} className={show.showSection}>
                {fieldLabel(resource, run.fields[0]) !== title && <h3 className={show.subheading}>{fieldLabel(resource, run.fields[0])}</h3>}
                {value(run.fields[0], resource.fields[run.fields[0]])}
              </div>
            ) : (
              <dl key={run.fields[0]} className={css.dl}>
                {run.fields.map((field) => (
                  <div key={field} style={{ display: 'contents' }}>
                    {dt(field)}
                    <dd className={css.dd}>{value(field, resource.fields[field])}</dd>
                  </div>
                ))}
              </dl>
            ),
          );
        }
        return (
          <section key={section.key} aria-label={title || undefined} className={show.showSection}>
            {title && <h2>{title}</h2>}
            {body}
          </section>
        );
      })}
      {!fields && (
        <dl className={css.dl}>
          {(['createdAt', 'updatedAt'] as const).map((field) => (
            <div key={field} style={{ display: 'contents' }}>
              {dt(field)}
              <dd className={css.dd}><FieldValue resource={resource} field={field} def={BASE_FIELD_DEFS[field]} value={record[field]} /></dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
