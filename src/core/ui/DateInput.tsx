import { useEffect, useState } from 'react';
import { formatDate, maskDate, parseDate } from '../format/dates';
import { t } from '../i18n';
import * as ui from './ui.css';

export interface DateInputProps {
  id: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** The typed date once it is one (`YYYY-MM-DD`), else null (incomplete or not a calendar date). */
  onChange: (date: string | null) => void;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A date typed as dd/mm/aaaa, as the registry's date fields are (TypedTextInput): a native date
 * input follows the browser's language (mm/dd/yyyy in an English one). For the screens' own date
 * controls (a balance's day, a period, a service's day).
 */
export function DateInput({ id, value, onChange, required, invalid, describedBy }: DateInputProps) {
  const [text, setText] = useState(() => formatDate(value));
  useEffect(() => {
    // An outside change replaces the text; our own typing (parsed or not yet) does not.
    if (value && parseDate(text) !== value) setText(formatDate(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <input
      id={id}
      className={ui.input}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('registry.format.date')}
      required={required}
      value={text}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => {
        const next = maskDate(event.target.value);
        setText(next);
        onChange(parseDate(next));
      }}
    />
  );
}
