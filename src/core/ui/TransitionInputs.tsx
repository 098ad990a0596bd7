/**
 * The inputs of a workflow transition (its zod `input`), for the dialog of one record and of a
 * selection alike. Each input is drawn with the field input of the declaration's field of the same
 * name (a keyed list's item first: the baixa's `paidOn`, `amount`, `interest`, `bankAccountId`…),
 * so a date is a date picker, money the money input, an account a reference select; a `reason` or
 * `note` is a text box; `settlementId` chooses one of the record's baixas not yet reversed.
 */
import '../i18n/recordPageTexts';
import { saoPauloToday } from '../../contracts/today';
import { useId } from 'react';
import { isOptionalSchema, type AnyResource, type FieldDef, type ScalarFieldDef } from '../../contracts/resource';
import { inputSchema, type Transition } from '../../contracts/workflow';
import { formatDate } from '../format/dates';
import { formatMoney } from '../format/money';
import { hasMessage, t } from '../i18n';
import type { PathParams } from '../resources/paths';
import type { FieldErrors } from '../resources/values';
import type { Row } from '../resources/useList';
import { inputFields } from '../resources/transitionBody';
import { Field } from './fields/Field';
import * as ui from './ui.css';

export { idempotencyKeys, inputBody, inputFields } from '../resources/transitionBody';

/** An input the transition's zod schema marks optional. */
const optionalInput = (transition: Transition, name: string) => isOptionalSchema((inputSchema(transition)?.shape as Record<string, unknown> | undefined)?.[name]);

const TEXT_INPUTS = new Set(['reason', 'note']);

/** The screen definition of input `name`: the declaration's field (a list item's first), editable. */
export function inputDef(resource: AnyResource, name: string): ScalarFieldDef | null {
  if (TEXT_INPUTS.has(name)) return null;
  for (const def of Object.values(resource.fields) as FieldDef[]) {
    if (def.type === 'list' && def.of[name]) return { ...def.of[name], readOnly: false } as ScalarFieldDef;
  }
  const own = resource.fields[name] as FieldDef | undefined;
  return own && own.type !== 'list' ? ({ ...own, readOnly: false } as ScalarFieldDef) : null;
}


/** Start values: today for a date, the record's own value for a reference (its bank account), and the transition's `inputFrom`. */
export function initialInput(resource: AnyResource, transition: Transition, record?: Row): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of inputFields(transition)) {
    const def = inputDef(resource, name);
    // São Paulo's today, the day the server's rules count in (a baixa may not be dated after it).
    if (def?.type === 'date') values[name] = saoPauloToday();
    else if (def?.type === 'reference' && record && record[name]) values[name] = record[name];
    // A declared start value from the record: a baixa starts at the open balance (the whole rest).
    const from = transition.inputFrom?.[name];
    if (from && record && record[from] !== undefined && record[from] !== null) values[name] = record[from];
    // An estorno of the only baixa that may be reversed: that one, chosen already.
    if (name === 'settlementId' && record) {
      const open = reversible(record);
      if (open.length === 1) values[name] = open[0].id;
    }
  }
  return values;
}

/** The record's baixas not yet reversed (those an estorno may choose). */
const reversible = (record: Row | undefined): Settlement[] => ((record?.settlements as Settlement[] | undefined) ?? []).filter((entry) => !entry.reversed);

const label = (resource: AnyResource, name: string) =>
  hasMessage(`workflow.${name}`) ? t(`workflow.${name}`) : (inputDef(resource, name)?.label ?? name);

interface Settlement {
  id: string;
  paidOn?: string;
  paidTotal?: number;
  amount?: number;
  reversed?: boolean;
}

export interface TransitionInputsProps {
  resource: AnyResource;
  params: PathParams;
  transition: Transition;
  /** The record (one-record dialogs): its baixas for `settlementId`. */
  record?: Row;
  values: Record<string, unknown>;
  onChange: (values: Record<string, unknown>) => void;
  errors: FieldErrors;
}

export function TransitionInputs({ resource, params, transition, record, values, onChange, errors }: TransitionInputsProps) {
  const baseId = useId();
  const set = (name: string, value: unknown) => onChange({ ...values, [name]: value });
  return (
    <>
      {inputFields(transition).map((name) => {
        const def = inputDef(resource, name);
        if (def && name !== 'settlementId') {
          return (
            <Field key={name} resource={resource} field={name} label={label(resource, name)} def={def} value={values[name] ?? null}
              onChange={(value) => set(name, value)} params={params} errors={errors} required={!optionalInput(transition, name)}
              refs={values[name] === record?.[name] ? record?._refs?.[name] : undefined} />
          );
        }
        const id = `${baseId}-${name}`;
        const own = errors[name] ?? [];
        const describedBy = own.length ? `${id}-errors` : undefined;
        const settlements = reversible(record);
        return (
          <div key={name} className={ui.field}>
            <label className={ui.label} htmlFor={id}>{name === 'settlementId' ? t('workflow.settlementId') : label(resource, name)}</label>
            {name === 'settlementId' ? (
              <select id={id} className={ui.input} value={String(values[name] ?? '')} aria-invalid={own.length > 0 || undefined} aria-describedby={describedBy}
                onChange={(event) => set(name, event.target.value)}>
                <option value="">{t('workflow.settlementChoose')}</option>
                {settlements.map((entry) => (
                  <option key={entry.id} value={entry.id}>{`${formatDate(entry.paidOn)} · ${formatMoney(entry.paidTotal ?? entry.amount ?? 0)}`}</option>
                ))}
              </select>
            ) : (
              <textarea id={id} className={ui.input} rows={3} value={String(values[name] ?? '')} aria-invalid={own.length > 0 || undefined}
                aria-describedby={describedBy} onChange={(event) => set(name, event.target.value)} />
            )}
            {own.length > 0 && <ul id={`${id}-errors`} className={ui.fieldError}>{own.map((message, i) => <li key={i}>{message}</li>)}</ul>}
          </div>
        );
      })}
    </>
  );
}
