import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import * as styles from './portal.css';
import { searchModules, type ModuleEntry } from './navState';
import { useRecordSearch } from './recordSearch';

/** One choice of the list: an area of the menu, or a record the server found. */
interface Choice {
  key: string;
  title: string;
  /** The area's groups ("Compras › …"), or the record's kind ("Pedido"). */
  detail: string;
  path: string;
}

interface Props {
  /** The modules the user may open (the sidebar's own list). */
  entries: readonly ModuleEntry[];
  /** Follows a module's path (the sidebar's navigation). */
  onPick: (path: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * "Ir para…": a combobox over the modules and the records (ARIA 1.2 combobox with a listbox popup,
 * its options in two groups, "Áreas" then "Registros"). Typing filters the areas at once and asks
 * the server for records (a pedido by number, a supplier by name or CNPJ) after a pause; ↓/↑ move
 * the active option across both, Enter opens it, Escape closes the list (then clears the text).
 * The list sits under the field, inside the sidebar (no clipping, no floating layer).
 */
export function MenuSearch({ entries, onPick, inputRef }: Props) {
  const id = useId();
  const listId = `${id}-lista`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const areas = useMemo(() => searchModules(entries, query), [entries, query]);
  const routable = useNavigation().routable ?? (() => true);
  const records = useRecordSearch(open ? query : '', routable);
  const matches = useMemo<Choice[]>(
    () => [
      ...areas.map((entry) => ({ key: entry.path, title: entry.title, detail: entry.groups.join(' › '), path: entry.path })),
      ...records.hits.map((hit) => ({ key: `${hit.resource}:${hit.id}`, title: hit.title, detail: hit.kind, path: hit.path })),
    ],
    [areas, records.hits],
  );
  const shown = open && matches.length > 0;
  const optionId = (index: number) => `${id}-opcao-${index}`;

  useEffect(() => {
    if (!shown) return;
    const option = list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [shown, active]);

  const pick = (entry: Choice | undefined) => {
    if (!entry) return;
    setQuery('');
    setOpen(false);
    setActive(0);
    onPick(entry.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : matches.length - 1);
          return;
        }
        if (!matches.length) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + matches.length) % matches.length);
        return;
      }
      case 'Home':
      case 'End':
        if (!shown) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : matches.length - 1);
        return;
      case 'Enter':
        if (!shown) return;
        event.preventDefault();
        pick(matches[active]);
        return;
      case 'Escape':
        if (!open && !query) return; // nothing of ours to close: the panel's Escape handles it
        event.preventDefault();
        event.stopPropagation();
        if (open) setOpen(false);
        else setQuery('');
        return;
    }
  };

  const status = !open || !query.trim() ? '' : areas.length === 0 ? t('portal.search.none')
    : areas.length === 1 ? t('portal.search.countOne') : t('portal.search.count', { count: areas.length });
  const recordStatus = !open || records.searching || !records.hits.length ? '' : t('portal.search.records', { count: records.hits.length });
  const option = (choice: Choice, index: number) => (
    <li
      key={choice.key}
      id={optionId(index)}
      data-index={index}
      role="option"
      aria-label={choice.detail ? `${choice.title} — ${choice.detail}` : undefined}
      aria-selected={index === active}
      className={styles.searchOption}
      // Keeps the focus in the field (no blur closing the list before the click lands).
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={() => setActive(index)}
      onClick={() => pick(choice)}
    >
      <span>{choice.title}</span>
      {choice.detail && <span className={styles.searchGroup}>{choice.detail}</span>}
    </li>
  );

  return (
    <div className={styles.search} role="search" aria-label={t('portal.search.region')}>
      <label className={styles.searchLabel} htmlFor={`${id}-campo`}>{t('portal.search.label')}</label>
      <input
        ref={inputRef}
        id={`${id}-campo`}
        className={styles.searchInput}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('portal.search.placeholder')}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown ? optionId(active) : undefined}
        aria-describedby={`${id}-dica`}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(event.target.value.trim() !== '');
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <span id={`${id}-dica`} hidden>{t('portal.search.hint')}</span>
      <ul ref={list} id={listId} role="listbox" aria-label={t('portal.search.listLabel')} aria-busy={records.searching || undefined} className={styles.searchList} hidden={!shown}>
        {shown && areas.length > 0 && (
          <li role="presentation">
            <ul role="group" aria-label={t('portal.search.areas')} className={styles.searchGroupList}>{matches.slice(0, areas.length).map((choice, index) => option(choice, index))}</ul>
          </li>
        )}
        {shown && records.hits.length > 0 && (
          <li role="presentation">
            <ul role="group" aria-label={t('portal.search.recordsGroup')} className={styles.searchGroupList}>{matches.slice(areas.length).map((choice, index) => option(choice, areas.length + index))}</ul>
          </li>
        )}
      </ul>
      <p role="status" className={open && query.trim() && !matches.length && !records.searching ? styles.searchNone : styles.searchStatus}>{status}</p>
      <p role="status" className={styles.searchStatus}>{recordStatus}</p>
    </div>
  );
}
