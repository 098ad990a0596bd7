import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../i18n';
import * as ui from './ui.css';

/**
 * Search field of a list: applies 300 ms after typing stops, at once on Enter. Enter (or leaving
 * the list) drops the pending delayed search, so it never fires later and pulls a person who
 * already opened a row back to the list.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applied = useRef(value);
  applied.current = value;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      if (text.trim() !== applied.current) onSearch(text.trim());
    }, 300);
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const now = (q: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    onSearch(q);
  };
  return (
    <form
      role="search"
      className={ui.field}
      onSubmit={(event) => {
        event.preventDefault();
        now(text.trim());
      }}
    >
      <label className={ui.label} htmlFor={id}>{t('registry.search.label')}</label>
      <div className={ui.row} style={{ flexWrap: 'nowrap' }}>
        <input id={id} type="search" className={ui.input} value={text} placeholder={t('registry.search.placeholder')} onChange={(event) => setText(event.target.value)} />
        {text && (
          <button type="button" className={ui.button.link} onClick={() => { setText(''); now(''); }}>{t('registry.search.clear')}</button>
        )}
      </div>
    </form>
  );
}
