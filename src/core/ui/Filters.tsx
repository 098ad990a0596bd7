/**
 * The list's filters, from the declaration; every value lives in the URL (plain parameters, see
 * contracts/resource.ts): enum/boolean as selects, references as the searchable select, ranges
 * as from/to pairs, text as "contains".
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { filterKind, RANGE_FROM, RANGE_TO, type AnyResource, type FieldDef } from '../../contracts/resource';
import { catalogueEntry } from '../catalogue';
import { formatDate, maskDate, parseDate } from '../format/dates';
import { moneyInputText, parseMoney, parsePercent } from '../format/money';
import { t } from '../i18n';
import { fieldLabel, optionLabel } from '../resources/labels';
import type { PathParams } from '../resources/paths';
import { fieldDef, type ListState } from '../resources/query';
import * as ui from './ui.css';
import * as css from './data.css';

const ReferenceSelect = lazy(() => import('./ReferenceSelect'));

type Values = ListState['filters'];

interface Props {
  resource: AnyResource;
  params: PathParams;
  values: Values;
  onChange: (values: Values) => void;
  /** Filters a mount fixes (a queue's status): not offered. */
  hidden?: readonly string[];
}

/** A control's change: one parameter's values, on top of the latest filters (see `Filters`). */
type Change = (name: string, next: string[]) => void;

/** A value the control refuses, with the message shown by its field. */
type Refusal = { error: string };

function set(values: Values, name: string, next: string[]): Values {
  const copy = { ...values };
  const clean = next.filter((v) => v !== '');
  if (clean.length) copy[name] = clean;
  else delete copy[name];
  return copy;
}

function sameValues(a: Values, b: Values): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => b[name]?.length === a[name].length && a[name].every((value, i) => b[name][i] === value));
}

/**
 * Text that applies on blur or Enter (no request per keystroke). A value `format` refuses stays in
 * the field with its message, and is not applied; `error` is a message about the applied value.
 */
function LazyText({ id, label, value, onApply, inputMode, format, mask, placeholder, error }: { id: string; label: string; value: string; onApply: (v: string) => void; inputMode?: 'numeric' | 'decimal'; format?: (v: string) => string | Refusal; mask?: (v: string) => string; placeholder?: string; error?: string }) {
  const [text, setText] = useState(value);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    setText(value);
    setRefused(null);
  }, [value]);
  const apply = () => {
    const formatted = format ? format(text) : text.trim();
    if (typeof formatted !== 'string') return setRefused(formatted.error);
    setRefused(null);
    if (formatted !== value) onApply(formatted);
  };
  const message = refused ?? error;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>{label}</label>
      <input id={id} className={ui.input} inputMode={inputMode} placeholder={placeholder} value={text} aria-invalid={message ? true : undefined} aria-describedby={message ? `${id}-erro` : undefined} onChange={(e) => setText(mask ? mask(e.target.value) : e.target.value)} onBlur={apply} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), apply())} />
      {message && <p id={`${id}-erro`} role="alert" className={ui.fieldError}>{message}</p>}
    </div>
  );
}

function FilterControl({ resource, params, field, def, values, latest, change }: Props & { field: string; def: FieldDef; latest: () => Values; change: Change }) {
  const id = useId();
  const label = fieldLabel(resource, field);
  const kind = filterKind(def.type);
  const current = values[field] ?? [];
  if (kind === 'boolean' || (kind === 'any' && def.type === 'enum')) {
    const options = def.type === 'enum' ? def.options.map((o) => [o, optionLabel(resource, field, o, def)]) : [['true', t('registry.yes')], ['false', t('registry.no')]];
    return (
      <div className={ui.field}>
        <label className={ui.label} htmlFor={id}>{label}</label>
        <select id={id} className={ui.input} value={current[0] ?? ''} onChange={(e) => change(field, [e.target.value])}>
          <option value="">{t('registry.all')}</option>
          {options.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
        </select>
      </div>
    );
  }
  if (kind === 'any') {
    const targetName = def.type === 'reference' || def.type === 'references' ? def.resource : resource.name;
    const target = catalogueEntry(targetName);
    if (!target) return null;
    const targetParams = def.type === 'reference' || def.type === 'references' ? { ...params, ...def.params } : params;
    return (
      <div className={ui.field}>
        <label className={ui.label} htmlFor={id}>{label}</label>
        <Suspense fallback={<input id={id} className={ui.input} disabled />}>
          <ReferenceSelect id={id} label={label} target={target} params={targetParams} multiple value={current} onChange={(ids) => change(field, ids)} />
        </Suspense>
      </div>
    );
  }
  if (kind === 'range') {
    const from = field + RANGE_FROM;
    const to = field + RANGE_TO;
    // Typed and shown the Brazilian way (dd/mm/aaaa, 1.234,56 — a native date input would follow
    // the browser's language); the URL and the API get ISO dates and integers. A datetime bound
    // is a whole day.
    const dated = def.type === 'date' || def.type === 'datetime';
    const parse = def.type === 'money' ? parseMoney : def.type === 'percent' ? parsePercent : (v: string) => (/^-?\d+$/.test(v.trim()) ? Number(v) : null);
    const show = (v: string | undefined) => (dated ? formatDate(v) : v === undefined ? '' : def.type === 'integer' ? v : moneyInputText(Number(v)));
    const read = (text: string) => (text.trim() === '' ? '' : dated ? parseDate(text) : (parse(text)?.toString() ?? null));
    // ISO dates compare as text; a bound the URL holds unreadable compares as nothing.
    const after = (a: string | undefined, b: string | undefined) =>
      a !== undefined && b !== undefined && (dated ? /^\d{4}-\d{2}-\d{2}$/.test(a) && /^\d{4}-\d{2}-\d{2}$/.test(b) && a > b : Number(a) > Number(b));
    /** The typed bound as the URL holds it, or why it is refused (unreadable; after the other end, as it will be once applied). */
    const check = (name: string) => (text: string): string | Refusal => {
      const v = read(text);
      if (v === null) return { error: t(dated ? 'registry.filters.invalidDate' : 'registry.filters.invalidValue') };
      const now = latest();
      const [start, end] = name === from ? [v, now[to]?.[0]] : [now[from]?.[0], v];
      if (v !== '' && after(start, end)) return { error: t('registry.filters.inverted') };
      return v;
    };
    const inverted = after(values[from]?.[0], values[to]?.[0]);
    return (
      <>
        {[from, to].map((name, i) => (
          <LazyText
            key={name}
            id={`${id}-${i}`}
            label={t(i ? 'registry.filters.to' : 'registry.filters.from', { label })}
            value={show(values[name]?.[0])}
            inputMode={dated ? 'numeric' : 'decimal'}
            placeholder={dated ? t('registry.format.date') : undefined}
            mask={dated ? maskDate : undefined}
            format={check(name)}
            error={i && inverted ? t('registry.filters.inverted') : undefined}
            onApply={(v) => change(name, [v])}
          />
        ))}
      </>
    );
  }
  if (kind === 'contains') return <LazyText id={id} label={label} value={current[0] ?? ''} onApply={(v) => change(field, [v])} />;
  return null;
}

export function Filters(props: Props) {
  // The filters sent but not yet back in `values`: the URL (hence `values`) may reach the screen
  // later (the router shows a new address once its page is ready), and a change made meanwhile
  // (the other end of a range, typed right after) builds on them, not on the older `values` — or
  // the first change would be undone. Once `values` moves to none of them (cleared, a saved filter,
  // the back button) it is the truth again.
  const pending = useRef<{ seen: Values; sent: Values[] }>({ seen: props.values, sent: [] });
  const latest = () => {
    const state = pending.current;
    if (state.seen !== props.values && !sameValues(state.seen, props.values)) {
      const arrived = state.sent.findIndex((sent) => sameValues(sent, props.values));
      pending.current = { seen: props.values, sent: arrived < 0 ? [] : state.sent.slice(arrived + 1) };
    }
    return pending.current.sent.at(-1) ?? props.values;
  };
  const send = (next: Values) => {
    latest();
    pending.current.sent.push(next);
    props.onChange(next);
  };
  const change: Change = (name, next) => send(set(latest(), name, next));
  const filters = (props.resource.list?.filters ?? []).filter(({ field }) => !props.hidden?.includes(field));
  if (!filters.length) return null;
  const count = Object.keys(props.values).length;
  // Controls (and the reference select's chunk) are only rendered once the panel is opened.
  const [open, setOpen] = useState(count > 0);
  return (
    <details className={css.filters} open={open || undefined} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={css.summary}>{count ? t('registry.filters.count', { count }) : t('registry.filters.title')}</summary>
      {open && <div className={css.filterGrid}>
        {filters.map(({ field }) => {
          const def = fieldDef(props.resource, field);
          return def ? <FilterControl key={field} {...props} field={field} def={def} latest={latest} change={change} /> : null;
        })}
      </div>}
      {count > 0 && (
        <button type="button" className={ui.button.link} onClick={() => send({})} style={{ marginTop: 12 }}>{t('registry.filters.clear')}</button>
      )}
    </details>
  );
}
