/**
 * One form field: label (required mark), the input of its type, help, and the errors of the
 * client validation or the server as a bulleted list tied to the input (aria-describedby).
 */
import '../../i18n/recordPageTexts';
import { useId, type ComponentType } from 'react';
import type { AnyResource, FieldDef, FieldType, RefLabel } from '../../../contracts/resource';
import { saoPauloToday } from '../../../contracts/today';
import { t } from '../../i18n';
import type { PathParams } from '../../resources/paths';
import type { FieldErrors } from '../../resources/values';
import * as ui from '../ui.css';
import * as css from '../data.css';
import * as styles from './field.css';
import { visuallyHidden } from '../../styles/base.css';
import { CepInput } from './CepInput';
import { BooleanInput, EnumInput, ScopesInput } from './ChoiceInputs';
import { CityInput } from './CityInput';
import { CnpjInput } from './CnpjInput';
import { FileInput } from './FileInput';
import { LineOfInput } from './LineOfInput';
import { ListInput } from './ListInput';
import { MaskedInput } from './MaskedInput';
import { PixKeyInput } from './PixKeyInput';
import { ReferenceInput } from './ReferenceInput';
import { IntegerInput, LongTextInput, TextInput } from './TextInputs';
import { TypedTextInput } from './TypedTextInput';
import type { InputProps } from './types';
import { UfInput } from './UfInput';

/** The one input of each field type. */
export const INPUTS: Record<FieldType, ComponentType<InputProps>> = {
  text: TextInput,
  email: TextInput,
  longText: LongTextInput,
  richText: LongTextInput,
  integer: IntegerInput,
  money: TypedTextInput,
  percent: TypedTextInput,
  date: TypedTextInput,
  datetime: TypedTextInput,
  boolean: BooleanInput,
  enum: EnumInput,
  scopes: ScopesInput,
  reference: ReferenceInput,
  references: ReferenceInput,
  tree: ReferenceInput,
  cpf: MaskedInput,
  cnpj: CnpjInput,
  cpfCnpj: CnpjInput,
  cep: CepInput,
  phone: MaskedInput,
  file: FileInput,
  list: ListInput,
  pixKey: PixKeyInput,
  uf: UfInput,
  city: CityInput,
};

const GROUPS = new Set<FieldType>(['scopes', 'list', 'references']);

/** The field's warning for `value` (`warnAfterToday`: a whole date after today in São Paulo), or null. */
function fieldWarning(def: FieldDef, value: unknown): string | null {
  if (def.type !== 'date' || !def.warnAfterToday || typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return value > saoPauloToday() ? def.warnAfterToday : null;
}

export interface FieldProps {
  resource: AnyResource;
  field: string;
  label: string;
  def: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  params: PathParams;
  errors?: FieldErrors;
  refs?: RefLabel[];
  required?: boolean;
  /** The label is said by the section around it ("Itens" under "Itens"): kept for screen readers, not shown twice. */
  labelShownBySection?: boolean;
  siblings?: InputProps['siblings'];
  onSiblings?: InputProps['onSiblings'];
  allRefs?: InputProps['allRefs'];
  record?: InputProps['record'];
}

export function Field({ resource, field, label, def, value, onChange, params, errors, refs, required, labelShownBySection, siblings, onSiblings, allRefs, record }: FieldProps) {
  const id = useId();
  // A chosen PIX key sets its type (no input of its own: typesSetByChoice): the type's errors show here.
  const typePath = def.type === 'pixKey' && def.chosenFrom && def.typeField ? field.replace(/[^.]+$/, def.typeField) : null;
  const own = [...(errors?.[field] ?? []), ...(typePath ? (errors?.[typePath] ?? []) : [])];
  const helpId = def.help ? `${id}-help` : undefined;
  const warning = fieldWarning(def, value);
  const errorId = own.length ? `${id}-errors` : undefined;
  const describedBy = [helpId, warning ? `${id}-warning` : undefined, errorId].filter(Boolean).join(' ') || undefined;
  const Input = def.lineOf ? LineOfInput : INPUTS[def.type];
  const isGroup = GROUPS.has(def.type) || (def.type === 'enum' && def.multiple);
  const input = (
    <Input id={id} resource={resource} field={field} def={def} value={value} onChange={onChange} label={label} invalid={own.length > 0} describedBy={describedBy} params={params} refs={refs} errors={errors} siblings={siblings} onSiblings={onSiblings} allRefs={allRefs} record={record} />
  );
  const labelText = (
    <>
      {label}
      {required && <span className={css.required} aria-hidden="true">*</span>}
      {required && <span hidden>{` (${t('registry.form.required')})`}</span>}
    </>
  );
  return (
    <div className={`${ui.field} ${def.type === 'list' || def.type === 'longText' || def.type === 'richText' || def.wide ? css.wide : ''}`} data-field={field}>
      {def.type === 'boolean' ? (
        <label className={ui.checkbox} htmlFor={id}>{input}<span>{labelText}</span></label>
      ) : (
        <>
          {isGroup ? <span className={labelShownBySection ? visuallyHidden : ui.label} id={`${id}-label`}>{labelText}</span> : <label className={ui.label} htmlFor={id}>{labelText}</label>}
          {input}
        </>
      )}
      {def.help && <span id={helpId} className={ui.hint}>{def.help}</span>}
      {/* In the page (empty) before the warning shows, so a screen reader hears it when it does. */}
      {def.type === 'date' && def.warnAfterToday && <span id={`${id}-warning`} className={styles.warning} role="status">{warning}</span>}
      {own.length > 0 && (
        <ul id={errorId} className={ui.fieldError}>
          {own.map((message, index) => <li key={index}>{message}</li>)}
        </ul>
      )}
    </div>
  );
}
