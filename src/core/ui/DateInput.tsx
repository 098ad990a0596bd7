import { useEffect, useState } from 'react';
import { CODECS } from './fields/TypedTextInput';
import * as ui from './ui.css';

const { show, read, mask, placeholder, mode } = CODECS.date;

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
 * A date typed as dd/mm/aaaa with the registry's date codec (TypedTextInput's `CODECS.date`): a native date
 * input follows the browser's language (mm/dd/yyyy in an English one). For the screens' own date
 * controls (a balance's day, a period, a service's day).
 */
export function DateInput({ id, value, onChange, required, invalid, describedBy }: DateInputProps) {
  const [text, setText] = useState(() => show(value));
  useEffect(() => {
    // An outside change replaces the text; our own typing (parsed or not yet) does not.
    if (value && read(text) !== value) setText(show(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <input
      id={id}
      className={ui.input}
      inputMode={mode}
      autoComplete="off"
      placeholder={placeholder}
      required={required}
      value={text}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => {
        const next = mask(event.target.value);
        setText(next);
        onChange(read(next));
      }}
    />
  );
}
