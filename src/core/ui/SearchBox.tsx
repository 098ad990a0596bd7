import { useEffect, useId, useState } from 'react';
import { t } from '../i18n';
import * as ui from './ui.css';

/** Search field of a list: applies 300 ms after typing stops, at once on Enter. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return (
    <form
      role="search"
      className={ui.field}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label className={ui.label} htmlFor={id}>{t('registry.search.label')}</label>
      <div className={ui.row} style={{ flexWrap: 'nowrap' }}>
        <input id={id} type="search" className={ui.input} value={text} placeholder={t('registry.search.placeholder')} onChange={(event) => setText(event.target.value)} />
        {text && (
          <button type="button" className={ui.button.link} onClick={() => { setText(''); onSearch(''); }}>{t('registry.search.clear')}</button>
        )}
      </div>
    </form>
  );
}
