import { useId, useState, type FormEvent } from 'react';
import type { SavedFilter } from '../../contracts/listPreferences';
import { toApiError } from '../api';
import { t } from '../i18n';
import * as css from './data.css';
import * as ui from './ui.css';

interface Props {
  filters: readonly SavedFilter[];
  /** The list's current query (search, filters, sort), what "Salvar" keeps. */
  current: string;
  onApply: (filter: SavedFilter) => void;
  /** Stores the new list of saved filters; rejects with the server's answer. */
  onSave: (filters: SavedFilter[]) => Promise<unknown>;
}

/** "Filtros salvos": apply one, delete one, or save the current search and filters under a name (the panel's body). */
export default function SavedFilters({ filters, current, onApply, onSave }: Props) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const store = async (next: SavedFilter[]) => {
    setBusy(true);
    setError(null);
    try {
      await onSave(next);
      return true;
    } catch (caught) {
      const answer = toApiError(caught);
      setError(Object.values(answer.errors ?? {}).flat()[0] ?? answer.message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('registry.savedFilters.nameRequired'));
      return;
    }
    if (await store([...filters, { name: name.trim(), query: current }])) setName('');
  };

  return (
      <div className={css.chooser}>
        {filters.length === 0 ? (
          <p className={css.muted}>{t('registry.savedFilters.none')}</p>
        ) : (
          <ul className={css.savedList} aria-label={t('registry.savedFilters.title')}>
            {filters.map((filter, index) => (
              <li key={`${index}-${filter.name}`} className={ui.row}>
                <button type="button" className={ui.button.link} aria-current={filter.query === current || undefined} onClick={() => onApply(filter)}>{filter.name}</button>
                <button type="button" className={ui.button.link} disabled={busy} aria-label={t('registry.savedFilters.delete', { name: filter.name })}
                  onClick={() => void store(filters.filter((other) => other !== filter))}>{t('registry.savedFilters.deleteShort')}</button>
              </li>
            ))}
          </ul>
        )}
        <form className={css.savedForm} onSubmit={(event) => void submit(event)} noValidate>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={`${id}-nome`}>{t('registry.savedFilters.name')}</label>
            <input id={`${id}-nome`} className={ui.input} value={name} maxLength={60} onChange={(event) => setName(event.target.value)}
              aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-erro` : undefined} />
          </div>
          <button type="submit" className={ui.button.secondary} disabled={busy}>{t('registry.savedFilters.save')}</button>
        </form>
        {error && <p id={`${id}-erro`} role="alert" className={ui.fieldError}>{error}</p>}
      </div>
  );
}
