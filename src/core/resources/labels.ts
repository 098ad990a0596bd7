import { BASE_FIELD_DEFS, type AnyResource, type FieldDef, type SectionDef } from '../../contracts/resource';
import { hasMessage, t } from '../i18n';

const lookup = (key: string, fallback: string) => (hasMessage(key) ? t(key) : fallback);

/** Label of a field: catalogue `resources.<name>.fields.<field>`, else the declaration's. */
export function fieldLabel(resource: AnyResource, field: string): string {
  const def: FieldDef | undefined = resource.fields[field] ?? (BASE_FIELD_DEFS as Record<string, FieldDef>)[field] ?? itemDef(resource, field);
  return lookup(`resources.${resource.name}.fields.${field}`, def?.label ?? field);
}

/** The declaration of a list item's field by its dotted name (`lines.quantity`). */
function itemDef(resource: AnyResource, field: string): FieldDef | undefined {
  const [list, item] = field.split('.');
  const def = item === undefined ? undefined : resource.fields[list];
  return def?.type === 'list' ? (def.of[item] as FieldDef | undefined) : undefined;
}

export const resourceLabel = (resource: Pick<AnyResource, 'name' | 'labels'>, which: 'one' | 'many'): string =>
  lookup(`resources.${resource.name}.${which}`, resource.labels[which]);

export const sectionTitle = (resource: AnyResource, section: SectionDef): string =>
  lookup(`resources.${resource.name}.sections.${section.key}`, section.title);

/** Text of an enum option. */
export function optionLabel(resource: AnyResource, field: string, option: string, def?: FieldDef): string {
  const fallback = def && def.type === 'enum' ? (def.optionLabels[option] ?? option) : option;
  return lookup(`resources.${resource.name}.fields.${field}.${option}`, fallback);
}

/** "Novo usuário" / "Nova política". */
export const newLabel = (resource: Pick<AnyResource, 'name' | 'labels'>): string =>
  t(resource.labels.gender === 'f' ? 'registry.newF' : 'registry.newM', { one: resourceLabel(resource, 'one') });
