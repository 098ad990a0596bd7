import { BASE_FIELD_DEFS, fieldShown, type AnyResource, type FieldDef } from '../../contracts/resource';
import { DataTable } from './DataTable';
import { fieldLabel, sectionTitle } from '../resources/labels';
import type { Row } from '../resources/useList';
import * as css from './data.css';
import { FieldValue } from './fields/FieldValue';

/** Items of a `list` field as a table (virtualised when there are many: ACL items, statements). */
function ItemsTable({ resource, field, def, record }: { resource: AnyResource; field: string; def: Extract<FieldDef, { type: 'list' }>; record: Row }) {
  const value = record[field];
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const itemResource: AnyResource = { ...resource, name: `${resource.name}.${field}`, fields: def.of, workflow: undefined };
  // References inside items come as `_refs["field.index.sub"]`; each row gets its own `_refs[sub]`.
  const rows = items.map((item, index) => ({
    ...item,
    id: String(index),
    version: 0,
    createdAt: '',
    updatedAt: '',
    _refs: Object.fromEntries(Object.keys(def.of).map((sub) => [sub, record._refs?.[`${field}.${index}.${sub}`] ?? []])),
  }));
  // A column only some items use (a parcela's PIX key) shows when at least one item uses it.
  const columns = Object.entries(def.of).filter(([, sub]) => rows.some((row) => fieldShown(sub, row))).map(([name]) => ({ field: name }));
  return <DataTable resource={itemResource} columns={columns} rows={rows} caption={fieldLabel(resource, field)} />;
}

/** A record's values, section by section (the form's sections), plus when it was created/updated. */
export function RecordShow({ resource, record, fields }: { resource: AnyResource; record: Row; fields?: readonly string[] }) {
  const sections = fields ? [{ key: 'only', title: '', fields }] : resource.form.sections;
  return (
    <div className={css.section}>
      {sections.map((section) => (
        <section key={section.key} aria-label={section.title ? sectionTitle(resource, section) : undefined}>
          {section.title && <h2>{sectionTitle(resource, section)}</h2>}
          <dl className={css.dl}>
            {section.fields.map((field) => {
              const def = resource.fields[field];
              return def && fieldShown(def, record) ? (
                <div key={field} style={{ display: 'contents' }}>
                  <dt className={css.dt}>{fieldLabel(resource, field)}</dt>
                  <dd className={css.dd}>
                    {def.type === 'list' && Array.isArray(record[field]) && (record[field] as unknown[]).length > 0 ? (
                      <ItemsTable resource={resource} field={field} def={def} record={record} />
                    ) : (
                      <FieldValue resource={resource} field={field} def={def} value={record[field]} refs={record._refs?.[field]} allRefs={record._refs} />
                    )}
                  </dd>
                </div>
              ) : null;
            })}
          </dl>
        </section>
      ))}
      {!fields && (
        <dl className={css.dl}>
          {(['createdAt', 'updatedAt'] as const).map((field) => (
            <div key={field} style={{ display: 'contents' }}>
              <dt className={css.dt}>{fieldLabel(resource, field)}</dt>
              <dd className={css.dd}><FieldValue resource={resource} field={field} def={BASE_FIELD_DEFS[field]} value={record[field]} /></dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
