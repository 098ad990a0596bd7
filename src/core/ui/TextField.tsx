import { useContext, useId, type InputHTMLAttributes } from 'react';
import { EmbeddedContext } from '../host/embedding';
import * as css from './ui.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  hint?: string;
  errors?: string[];
  onValue?: (value: string) => void;
  code?: boolean;
}

/** Labelled input; its errors are a bulleted list tied to the input by aria-describedby. */
export function TextField({ label, hint, errors, onValue, code, id, autoFocus, ...rest }: Props) {
  const embedded = useContext(EmbeddedContext);
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-errors`;
  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={inputId}>{label}</label>
      {hint && <span id={hintId} className={css.hint}>{hint}</span>}
      <input
        id={inputId}
        className={code ? css.codeInput : css.input}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValue?.(event.target.value)}
        autoFocus={autoFocus && !embedded}
        {...rest}
      />
      {!!errors?.length && (
        <ul id={errorId} className={css.fieldError}>
          {errors.map((message) => <li key={message}>{message}</li>)}
        </ul>
      )}
    </div>
  );
}
