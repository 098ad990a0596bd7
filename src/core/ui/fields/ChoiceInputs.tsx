import { SCOPES } from '../../../contracts/resource';
import { t } from '../../i18n';
import { optionLabel } from '../../resources/labels';
import * as ui from '../ui.css';
import * as css from '../data.css';
import type { InputProps } from './types';

/** boolean: one checkbox labelled by the field. */
export function BooleanInput({ id, value, onChange, describedBy }: InputProps) {
  return (
    <input id={id} type="checkbox" checked={value === true} aria-describedby={describedBy} onChange={(event) => onChange(event.target.checked)} />
  );
}

function CheckGroup({ id, options, labels, value, onChange, describedBy, label }: { id: string; options: readonly string[]; labels: (o: string) => string; value: unknown; onChange: (v: unknown) => void; describedBy?: string; label: string }) {
  const selected = new Set(Array.isArray(value) ? value.map(String) : []);
  return (
    <div id={id} role="group" aria-label={label} aria-describedby={describedBy} className={css.checkGroup}>
      {options.map((option) => (
        <label key={option} className={ui.checkbox}>
          <input
            type="checkbox"
            checked={selected.has(option)}
            onChange={(event) => {
              const next = new Set(selected);
              if (event.target.checked) next.add(option);
              else next.delete(option);
              onChange(options.filter((o) => next.has(o)));
            }}
          />
          <span>{labels(option)}</span>
        </label>
      ))}
    </div>
  );
}

/** enum: a select (one) or a checkbox group (`multiple`). */
export function EnumInput(props: InputProps) {
  const { id, def, value, onChange, invalid, describedBy, resource, field } = props;
  if (def.type !== 'enum') return null;
  const labels = (option: string) => optionLabel(resource, field, option, def);
  if (def.multiple) return <CheckGroup {...props} options={def.options} labels={labels} />;
  return (
    <select
      id={id}
      className={ui.input}
      value={typeof value === 'string' ? value : ''}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
    >
      <option value="">—</option>
      {def.options.map((option) => <option key={option} value={option}>{labels(option)}</option>)}
    </select>
  );
}

/** scopes: checkbox group over the fixed scope list. */
export function ScopesInput(props: InputProps) {
  const options = props.def.type === 'scopes' && props.def.options ? props.def.options : SCOPES;
  return <CheckGroup {...props} options={options} labels={(scope) => t(`registry.scope.${scope}`)} />;
}
