import '../../i18n/recordPageTexts';
import { useEffect, useRef, useState } from 'react';
import { normalisePixKey, PIX_KEY_TYPES, type PixKeyType } from '../../../contracts/brazil/pix';
import { maskPixKey } from '../../format/masks';
import { t } from '../../i18n';
import * as ui from '../ui.css';
import { PixKeyChoiceInput } from './PixKeyChoiceInput';
import { shortName, type InputProps } from './types';

const asType = (value: unknown): PixKeyType | null => ((PIX_KEY_TYPES as readonly unknown[]).includes(value) ? (value as PixKeyType) : null);

/** pixKey: typed (below), or chosen among a referenced record's keys (`chosenFrom`: PixKeyChoiceInput). */
/**
 * pixKey: the user types or pastes a key in any format; it is stored in canonical DICT form
 * when it is valid for the chosen type (sibling `typeField`), or — when it is not — for the
 * type it looks like, which then becomes the chosen type. Anything else is kept as typed so
 * validation names the field. The detected type is announced under the input.
 */
export function PixKeyInput(props: InputProps) {
  return props.def.type === 'pixKey' && props.def.chosenFrom ? <PixKeyChoiceInput {...props} /> : <TypedPixKeyInput {...props} />;
}

function TypedPixKeyInput({ id, def, field, value, onChange, onSiblings, siblings, invalid, describedBy }: InputProps) {
  const typeField = def.type === 'pixKey' ? def.typeField : undefined;
  const chosen = typeField ? asType(siblings?.[typeField]) : null;
  const [text, setText] = useState(() => (typeof value === 'string' ? maskPixKey(value) : ''));
  const sent = useRef<unknown>(value);
  useEffect(() => {
    if (value !== sent.current) setText(typeof value === 'string' ? maskPixKey(value) : '');
    sent.current = value;
  }, [value]);

  const detected = text.trim() ? (normalisePixKey(text, chosen) ?? normalisePixKey(text)) : null;
  const hintId = `${id}-pix`;

  const change = (next: string) => {
    setText(next);
    const own = next.trim() ? (chosen ? normalisePixKey(next, chosen) : null) : null;
    const auto = next.trim() && !own ? normalisePixKey(next) : null;
    const stored = own?.value ?? auto?.value ?? (next.trim() ? next : null);
    sent.current = stored;
    if (auto && typeField && onSiblings && auto.type !== chosen) onSiblings({ [shortName(field)]: stored, [typeField]: auto.type });
    else onChange(stored);
  };

  return (
    <>
      <input
        id={id}
        className={ui.input}
        autoComplete="off"
        spellCheck={false}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={[describedBy, hintId].filter(Boolean).join(' ')}
        onChange={(event) => change(event.target.value)}
        onBlur={() => {
          if (detected) setText(maskPixKey(detected.value));
        }}
      />
      <span id={hintId} className={ui.hint} aria-live="polite">
        {detected ? t('brazil.pix.detected', { type: t(`brazil.pix.type.${detected.type}`) }) : t('brazil.pix.hint')}
      </span>
    </>
  );
}
