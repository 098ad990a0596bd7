import { useRef, useState, type InputHTMLAttributes, type MutableRefObject, type Ref } from 'react';
import { t } from '../i18n';
import * as css from './filePicker.css';
import * as ui from './ui.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value' | 'className'> & {
  /** The chosen file (null when none, or when the choice was cleared). */
  onFile: (file: File | null) => void;
  /** Text after the button; default: the chosen file's name, or "Nenhum arquivo escolhido". */
  status?: string;
  /** Empty the input after each pick, so that the same file can be picked again (after a failure). */
  clearAfterPick?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A file input whose visible words are ours, in pt-BR ("Escolher arquivo", "Nenhum arquivo
 * escolhido") instead of the browser's. The real input stays in the page, visually hidden:
 * labels (`<label for>`), focus, keyboard, screen readers and `setInputFiles` all reach it.
 */
export function FilePicker({ onFile, status, clearAfterPick, ref, id, ...input }: Props) {
  const own = useRef<HTMLInputElement | null>(null);
  const [name, setName] = useState<string | null>(null);
  const attach = (element: HTMLInputElement | null) => {
    own.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) (ref as MutableRefObject<HTMLInputElement | null>).current = element;
  };
  return (
    <div className={css.picker}>
      <input
        {...input}
        ref={attach}
        id={id}
        type="file"
        className={css.input}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0] ?? null;
          if (clearAfterPick) event.currentTarget.value = '';
          setName(file?.name ?? null);
          onFile(file);
        }}
      />
      {/* Pointer users click this; keyboard and assistive technology use the input itself. */}
      <span aria-hidden="true" className={`${ui.button.secondary} ${css.face}`} onClick={() => !input.disabled && own.current?.click()}>
        {t('registry.file.choose')}
      </span>
      <span aria-hidden="true" className={css.chosen}>{status ?? name ?? t('registry.file.none')}</span>
    </div>
  );
}
