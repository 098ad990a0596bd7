/**
 * Searchable select for reference fields (spec §8/§9): combobox + listbox ARIA pattern on
 * @floating-ui/react, the list rendered inline (inside the element's shadow root, positioned
 * `fixed`). No selection limit, no search delay, 0 minimum characters, 10 more options per step
 * (scrolling to the end or arrowing past the last option). "Não há resultados." when nothing
 * matches; "Os resultados foram selecionados." when every option is already chosen; why, when
 * the search could not be answered (an ended session is never an empty list).
 */
import { autoUpdate, flip, offset, size, useDismiss, useFloating, useInteractions, useListNavigation } from '@floating-ui/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { ResourceSummary } from '../catalogue/types';
import { t } from '../i18n';
import type { PathParams } from '../resources/paths';
import { useMissingLabels, useReferenceOptions, type Option } from '../resources/useReferenceOptions';
import * as ui from './ui.css';
import * as css from './data.css';

export interface ReferenceSelectProps {
  id?: string;
  /** Accessible name of the combobox and its list. */
  label: string;
  target: ResourceSummary;
  params: PathParams;
  multiple?: boolean;
  /** Selected ids. */
  value: string[];
  /** Labels already known for selected ids (`_refs`). */
  known?: Option[];
  onChange: (ids: string[], options: Option[]) => void;
  invalid?: boolean;
  describedBy?: string;
  /** A form's choice: only active records of a target that can be inactivated (useReferenceOptions). */
  activeOnly?: boolean;
}

export default function ReferenceSelect({ id, label, target, params, multiple = false, value, known = [], onChange, invalid, describedBy, activeOnly = false }: ReferenceSelectProps) {
  const generated = useId();
  const inputId = id ?? `${generated}-input`;
  const listId = `${generated}-list`;
  const optionId = (index: number) => `${generated}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const [labels, setLabels] = useState<Map<string, string>>(() => new Map(known.map((o) => [o.id, o.label])));
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const { options, loading, hasMore, loadMore, loaded, error } = useReferenceOptions(target, params, search, open, activeOnly);

  useEffect(() => {
    if (!known.length) return;
    setLabels((current) => {
      const next = new Map(current);
      for (const o of known) next.set(o.id, o.label);
      return next;
    });
  }, [known]);

  useMissingLabels(target, params, value, labels, useCallback((known: string, name: string) => setLabels((current) => new Map(current).set(known, name)), []));

  const selected = useMemo(() => new Set(value), [value]);
  const visible = multiple ? options.filter((o) => !selected.has(o.id)) : options;
  const allChosen = !error && loaded && !loading && !hasMore && visible.length === 0 && options.length > 0;
  const nothing = !error && loaded && !loading && !hasMore && options.length === 0;

  // Every loaded option already chosen but more pages exist: fetch the next step.
  useEffect(() => {
    if (open && loaded && !loading && hasMore && visible.length === 0) loadMore();
  }, [open, loaded, loading, hasMore, visible.length, loadMore]);

  const { refs, floatingStyles, context } = useFloating<HTMLInputElement>({
    open,
    onOpenChange: setOpen,
    placement: 'bottom-start',
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        apply({ rects, elements, availableHeight }) {
          Object.assign(elements.floating.style, { width: `${rects.reference.width}px`, maxHeight: `${Math.max(160, Math.min(320, availableHeight - 8))}px` });
        },
        padding: 8,
      }),
    ],
  });
  const navigation = useListNavigation(context, {
    listRef,
    activeIndex,
    onNavigate: (index) => {
      setActiveIndex(index);
      if (index !== null && index >= visible.length - 1 && hasMore) loadMore();
    },
    virtual: true,
    loop: true,
  });
  const dismiss = useDismiss(context);
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([navigation, dismiss]);

  const choose = (option: Option) => {
    setLabels((current) => new Map(current).set(option.id, option.label));
    const ids = multiple ? (selected.has(option.id) ? value : [...value, option.id]) : [option.id];
    onChange(ids, ids.map((i) => ({ id: i, label: i === option.id ? option.label : (labels.get(i) ?? i) })));
    setSearch('');
    if (!multiple) {
      setOpen(false);
      setActiveIndex(null);
    }
  };
  const remove = (removed: string) => {
    const ids = value.filter((v) => v !== removed);
    onChange(ids, ids.map((i) => ({ id: i, label: labels.get(i) ?? i })));
  };

  // Focus leaving the field for anything outside the input and its own list closes the list (Tab
  // to the next field, the sidebar…). The list lives in the same shadow root as the input, so the
  // event's relatedTarget is the node to test. No relatedTarget: the window lost focus (the input
  // is still its root's active element: stays open) or a press on nothing focusable (closes).
  const closeWhenFocusLeaves = (event: FocusEvent) => {
    const next = event.relatedTarget;
    const input = refs.domReference.current;
    if (next instanceof Node ? input?.contains(next) || refs.floating.current?.contains(next) : (input?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement === input) return;
    setOpen(false);
    setActiveIndex(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      if (open && activeIndex !== null && visible[activeIndex]) {
        event.preventDefault();
        choose(visible[activeIndex]);
      } else if (open) event.preventDefault();
    } else if (event.key === 'Backspace' && multiple && search === '' && value.length) {
      remove(value[value.length - 1]);
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
    }
  };

  const singleLabel = !multiple && value[0] ? (labels.get(value[0]) ?? value[0]) : '';
  const failed = !loading && error ? t('select.failed', { message: error.message }) : '';
  const note = loading ? t('registry.select.loading') : failed || (allChosen ? t('select.allSelected') : nothing ? t('select.noResults') : '');

  return (
    <div className={css.select}>
      {multiple && value.length > 0 && (
        <ul className={css.chips} aria-label={t('registry.select.selected', { count: value.length })}>
          {value.map((selectedId) => {
            const text = labels.get(selectedId) ?? selectedId;
            return (
              <li key={selectedId} className={css.chip}>
                <span>{text}</span>
                <button type="button" className={css.chipRemove} aria-label={t('registry.select.remove', { label: text })} onClick={() => remove(selectedId)}>×</button>
              </li>
            );
          })}
        </ul>
      )}
      <input
        id={inputId}
        ref={refs.setReference}
        className={ui.input}
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-haspopup="listbox"
        aria-autocomplete="list"
        aria-activedescendant={open && activeIndex !== null && visible[activeIndex] ? optionId(activeIndex) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={singleLabel || t('registry.select.placeholder')}
        value={open || multiple ? search : singleLabel}
        {...getReferenceProps({
          onFocus: () => setOpen(true),
          onClick: () => setOpen(true),
          onBlur: closeWhenFocusLeaves,
          onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
            setSearch(event.target.value);
            setActiveIndex(null);
            setOpen(true);
          },
          onKeyDown,
        })}
      />
      {!multiple && value[0] && (
        <button type="button" className={ui.button.link} onClick={() => onChange([], [])}>{t('registry.select.clear')}</button>
      )}
      {open && (
        // Not a tab stop (a scrollable box is one by default): the input drives the list. A press
        // anywhere in it keeps the focus on the input, as the options and "load more" already do.
        <div ref={refs.setFloating} style={floatingStyles} className={css.listbox} tabIndex={-1} {...getFloatingProps({ 'aria-orientation': undefined, onBlur: closeWhenFocusLeaves, onMouseDown: (event: React.MouseEvent) => event.preventDefault(), onScroll: (event: React.UIEvent<HTMLDivElement>) => {
          const el = event.currentTarget;
          if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) loadMore();
        } })}>
          <ul id={listId} role="listbox" aria-label={label} aria-multiselectable={multiple || undefined} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {visible.map((option, index) => (
              <li
                key={option.id}
                id={optionId(index)}
                role="option"
                aria-selected={selected.has(option.id)}
                className={`${css.option} ${index === activeIndex ? css.activeOption : ''}`}
                {...getItemProps({
                  ref: (node: HTMLElement | null) => {
                    listRef.current[index] = node;
                  },
                  onClick: () => choose(option),
                  onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
                })}
              >
                {option.label}
              </li>
            ))}
          </ul>
          <p role="status" aria-live="polite" className={css.optionNote} hidden={!note}>{note}</p>
          {hasMore && !loading && (
            <button type="button" className={ui.button.link} tabIndex={-1} onMouseDown={(event) => event.preventDefault()} onClick={loadMore} style={{ margin: '4px 12px' }}>
              {t('registry.select.loadMore')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
