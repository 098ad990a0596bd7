import { useEffect, useState } from 'react';
import { formatDate, formatDateTime, maskDate, maskDateTime, parseDate, parseDateTime } from '../../format/dates';
import { moneyInputText, parseMoney, parsePercent } from '../../format/money';
import { t } from '../../i18n';
import * as ui from '../ui.css';
import type { InputProps } from './types';

interface Codec {
  /** Text shown for a stored value. */
  show: (value: unknown) => string;
  /** Typed text → stored value, or null when it is not one. */
  read: (text: string) => unknown;
  /** Reformat while typing (masks). */
  mask?: (text: string) => string;
  placeholder?: string;
  mode: 'decimal' | 'numeric';
  prefix?: string;
}

const num = (value: unknown) => (typeof value === 'number' ? value : null);

export const CODECS = {
  money: { show: (v) => moneyInputText(num(v)), read: parseMoney, placeholder: '0,00', mode: 'decimal', prefix: 'R$' },
  percent: { show: (v) => moneyInputText(num(v)), read: parsePercent, placeholder: '0,00', mode: 'decimal', prefix: '%' },
  date: { show: (v) => formatDate(typeof v === 'string' ? v : ''), read: parseDate, mask: maskDate, placeholder: t('registry.format.date'), mode: 'numeric' },
  datetime: { show: (v) => formatDateTime(typeof v === 'string' ? v : ''), read: parseDateTime, mask: maskDateTime, placeholder: t('registry.format.datetime'), mode: 'numeric' },
} satisfies Record<string, Codec>;

/**
 * money ("1.234,56" → 123456 centavos), percent (basis points), date (dd/mm/aaaa), datetime:
 * keeps the typed text; the stored value is the parsed one, or the raw text while it does not
 * parse (validation then names the field). Reformats on blur.
 */
export function TypedTextInput({ id, def, value, onChange, invalid, describedBy, label }: InputProps) {
  const codec: Codec = CODECS[def.type as keyof typeof CODECS];
  const [text, setText] = useState(() => codec.show(value));
  useEffect(() => {
    // An outside change (reload, reset) replaces the text; our own typing does not.
    const parsed = codec.read(text);
    if ((parsed ?? (text.trim() ? text : null)) !== value) setText(codec.show(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <input
      id={id}
      className={ui.input}
      inputMode={codec.mode}
      autoComplete="off"
      placeholder={codec.placeholder}
      aria-label={codec.prefix ? `${label} (${codec.prefix})` : undefined}
      value={text}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => {
        const next = codec.mask ? codec.mask(event.target.value) : event.target.value;
        setText(next);
        const parsed = codec.read(next);
        onChange(parsed ?? (next.trim() ? next : null));
      }}
      onBlur={() => {
        const parsed = codec.read(text);
        if (parsed !== null) setText(codec.show(parsed));
      }}
    />
  );
}
