/**
 * One read-only renderer per field type (list cells and the show page).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { AnyResource, FieldDef, FieldType, RefLabel, ScalarFieldDef } from '../../../contracts/resource';
import { formatDate, formatDateTime } from '../../format/dates';
import { maskCep, maskCnpj, maskCpf, maskCpfCnpj, maskPhone, maskPixKey } from '../../format/masks';
import { formatInteger, formatMoney, formatPercent } from '../../format/money';
import { t } from '../../i18n';
import { optionLabel } from '../../resources/labels';
import * as css from '../data.css';
import { StatusBadge } from '../StatusBadge';
import { fileFamily, IMAGE_TYPES } from '../../../contracts/files';
import { CityName } from './CityName';

// Loaded with the first image to show (it brings the files client), not with every list.
const FileThumbnail = lazy(() => import('./FileThumbnail').then((m) => ({ default: m.FileThumbnail })));

export interface ValueProps {
  resource: AnyResource;
  field: string;
  def: FieldDef;
  value: unknown;
  /** `_refs[field]` of the record: labels of referenced records. */
  refs?: RefLabel[];
  /** Compact form for table cells (long lists summarised). */
  compact?: boolean;
  /** Every `_refs` of the record (references inside list items: `field.index.name`). */
  allRefs?: Record<string, RefLabel[]>;
}

const none = () => <span aria-label={t('registry.none')}>{t('registry.none')}</span>;
const text = (value: unknown, format: (v: string) => string = String) =>
  typeof value === 'string' && value !== '' ? format(value) : typeof value === 'number' ? format(String(value)) : null;

const tags = (labels: string[], compact?: boolean) => {
  if (!labels.length) return none();
  if (compact && labels.length > 3) return <>{labels.slice(0, 3).map((l, i) => <span key={i} className={css.tag}>{l}</span>)}<span className={css.muted}>+{labels.length - 3}</span></>;
  return <>{labels.map((l, i) => <span key={i} className={css.tag}>{l}</span>)}</>;
};

type Renderer = (props: ValueProps) => ReactNode;

const refLabels = ({ value, refs }: ValueProps): string[] => {
  const ids = Array.isArray(value) ? value.map(String) : value ? [String(value)] : [];
  return ids.map((id) => refs?.find((r) => r.id === id)?.label ?? id);
};

const RENDERERS: Record<FieldType, Renderer> = {
  text: ({ value }) => text(value),
  email: ({ value }) => text(value),
  longText: ({ value, compact }) => text(value, (v) => (compact && v.length > 80 ? `${v.slice(0, 80)}…` : v)),
  richText: ({ value, compact }) => text(value, (v) => {
    const plain = v.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    return compact && plain.length > 80 ? `${plain.slice(0, 80)}…` : plain;
  }),
  integer: ({ value }) => (typeof value === 'number' && Number.isFinite(value) ? formatInteger(value) : null),
  money: ({ value }) => (typeof value === 'number' ? formatMoney(value) : null),
  percent: ({ value }) => (typeof value === 'number' ? formatPercent(value) : null),
  date: ({ value }) => text(value, formatDate),
  datetime: ({ value }) => text(value, formatDateTime),
  // Yes/no in a list: a badge, so a column of them reads at a glance.
  boolean: ({ value, compact }) => {
    if (typeof value !== 'boolean') return null;
    const label = value ? t('registry.yes') : t('registry.no');
    return compact ? <StatusBadge label={label} tone={value ? 'success' : 'neutral'} /> : label;
  },
  enum: (props) => {
    const values = Array.isArray(props.value) ? props.value.map(String) : props.value ? [String(props.value)] : [];
    const labels = values.map((v) => optionLabel(props.resource, props.field, v, props.def));
    if ((props.def as { multiple?: boolean }).multiple) return tags(labels, props.compact);
    // A state column (`tones` in the declaration): the state as a badge in its tone.
    const tone = props.def.type === 'enum' && values[0] ? props.def.tones?.[values[0]] : undefined;
    return tone && labels[0] ? <StatusBadge label={labels[0]} tone={tone} /> : (labels[0] ?? null);
  },
  reference: (props) => refLabels(props)[0] ?? null,
  tree: (props) => refLabels(props)[0] ?? null,
  references: (props) => tags(refLabels(props), props.compact),
  scopes: ({ value, compact }) => tags(Array.isArray(value) ? value.map((s) => t(`registry.scope.${s}`)) : [], compact),
  cpf: ({ value }) => text(value, maskCpf),
  cnpj: ({ value }) => text(value, maskCnpj),
  cpfCnpj: ({ value }) => text(value, maskCpfCnpj),
  cep: ({ value }) => text(value, maskCep),
  phone: ({ value }) => text(value, maskPhone),
  pixKey: ({ value }) => text(value, maskPixKey),
  uf: ({ value }) => text(value),
  city: ({ value }) => (typeof value === 'string' && value ? <CityName code={value} /> : null),
  file: ({ value, refs, def, resource }) => {
    if (!value) return null;
    const name = refs?.[0]?.label ?? String(value);
    // A field that takes only images shows a thumbnail (fetched with the token).
    const accept = def.type === 'file' ? def.accept : undefined;
    const images = Boolean(accept?.length) && accept!.every((type) => (IMAGE_TYPES as readonly string[]).includes(type));
    return images ? <Suspense fallback={name}><FileThumbnail id={String(value)} name={name} api={fileFamily(resource.api)} /></Suspense> : name;
  },
  list: (props) => {
    const items = Array.isArray(props.value) ? (props.value as Record<string, unknown>[]) : [];
    if (!items.length) return none();
    if (props.compact) return t(items.length === 1 ? 'registry.list.countOne' : 'registry.list.count', { count: items.length });
    const of = (props.def as { of: Record<string, ScalarFieldDef> }).of;
    return (
      <ul>
        {items.map((item, i) => (
          <li key={i}>
            {Object.entries(of).map(([name, def], j) => (
              <span key={name}>
                {j > 0 && ' · '}
                <FieldValue resource={props.resource} field={`${props.field}.${name}`} def={def} value={item[name]} refs={props.allRefs?.[`${props.field}.${i}.${name}`]} compact />
              </span>
            ))}
          </li>
        ))}
      </ul>
    );
  },
};

/** The value of one field as text/tags; "—" when empty. */
export function FieldValue(props: ValueProps) {
  // The workflow's status field: a badge in the state's tone (lists and the show page alike).
  const workflow = props.resource.workflow;
  if (workflow && props.field === workflow.field && typeof props.value === 'string' && workflow.states[props.value]) {
    const state = workflow.states[props.value];
    return <StatusBadge label={optionLabel(props.resource, props.field, props.value, { ...props.def, type: 'enum', options: [], optionLabels: { [props.value]: state.label } } as FieldDef)} tone={state.tone} />;
  }
  const rendered = RENDERERS[props.def.type](props);
  return <>{rendered === null || rendered === undefined || rendered === '' ? none() : rendered}</>;
}
