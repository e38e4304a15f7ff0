import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from './cx';
import { Icon } from './Icon';
import { checkIcon } from './icons/check';
import { chevronUpDownIcon } from './icons/chevron-up-down';
import { xIcon } from './icons/x';
import { Spinner } from './Spinner';
import { useT } from '@/i18n';

export type MultiSelectValue = number | string;

export interface MultiSelectOption {
  value: MultiSelectValue;
  label: string;
  /** A second, quieter line (e.g. "Chair · Audit committee"). */
  description?: string | null;
}

export interface MultiSelectProps {
  /** Id of the text input (Field passes it, so its <label> names the combobox). */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  /** Known options: shown when the search box is empty, and the labels of selected values. */
  options: MultiSelectOption[];
  value: MultiSelectValue[];
  onChange: (value: MultiSelectValue[]) => void;
  /** Server search; without it the known options are filtered locally. */
  loadOptions?: (query: string, signal: AbortSignal) => Promise<MultiSelectOption[]>;
  placeholder?: string;
  /** The list's name, in the interface's language ("Board users"). */
  itemsLabel?: string;
  /** The chosen items' name ("Selected board users"). */
  selectedLabel?: string;
  disabled?: boolean;
  debounce?: number;
  className?: string;
}

const matches = (option: MultiSelectOption, query: string) => {
  const q = query.trim().toLowerCase();
  return !q || option.label.toLowerCase().includes(q) || (option.description ?? '').toLowerCase().includes(q);
};

/**
 * A searchable multi-select following the WAI-ARIA combobox pattern: the text box owns a listbox
 * (aria-multiselectable) navigated with the arrow keys; Enter toggles the highlighted option,
 * Escape closes, Backspace in an empty box removes the last choice. Choices show as chips with
 * their own remove buttons, and changes are announced in a live region.
 */
export function MultiSelect({ id, options, value, onChange, loadOptions, placeholder, itemsLabel, selectedLabel, disabled, debounce = 250, className, ...aria }: MultiSelectProps) {
  const t = useT();
  const listName = itemsLabel ?? t('app.multiSelect.items');
  const chipsName = selectedLabel ?? t('app.multiSelect.selectedItems');
  const autoId = useId().replace(/[^\w-]/g, '');
  const inputId = id ?? `multiselect${autoId}`;
  const listboxId = `${inputId}-listbox`;
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [remote, setRemote] = useState<MultiSelectOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Labels of everything seen, so a chip keeps its name when the options change.
  const known = useRef(new Map<MultiSelectValue, MultiSelectOption>());
  for (const option of options) known.current.set(option.value, option);
  for (const option of remote ?? []) known.current.set(option.value, option);

  useEffect(() => {
    if (!loadOptions || !query.trim()) {
      setRemote(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = window.setTimeout(() => {
      loadOptions(query.trim(), controller.signal)
        .then((found) => {
          setRemote(found);
          setLoading(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, debounce);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [query, loadOptions, debounce]);

  const visible = useMemo(() => (remote ?? options).filter((o) => (remote ? true : matches(o, query))), [remote, options, query]);
  const selected = new Set(value);
  const chips = value.map((v) => known.current.get(v) ?? { value: v, label: `#${v}` });

  useEffect(() => setActive((i) => Math.min(Math.max(0, i), Math.max(0, visible.length - 1))), [visible.length]);
  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: announces when the result count changes, not when the translator function's identity does
  useEffect(() => {
    if (open && !loading) setAnnouncement(visible.length === 0 ? t('app.multiSelect.noResults') : t('app.multiSelect.results', { count: visible.length }));
  }, [open, loading, visible.length]);

  const toggle = (option: MultiSelectOption) => {
    known.current.set(option.value, option);
    if (selected.has(option.value)) {
      onChange(value.filter((v) => v !== option.value));
      setAnnouncement(t('app.multiSelect.removed', { item: option.label }));
    } else {
      onChange([...value, option.value]);
      setAnnouncement(t('app.multiSelect.added', { item: option.label }));
      // The typed text found this one; the next search starts from an empty box.
      setQuery('');
    }
  };

  const remove = (option: MultiSelectOption) => {
    onChange(value.filter((v) => v !== option.value));
    setAnnouncement(t('app.multiSelect.removed', { item: option.label }));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((i) => Math.min(i + 1, visible.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(Math.max(0, visible.length - 1));
        }
        break;
      case 'Enter':
        if (open && visible[active]) {
          event.preventDefault();
          toggle(visible[active]);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (query) {
          event.preventDefault();
          setQuery('');
        }
        break;
      case 'Backspace':
        if (!query && chips.length) remove(chips[chips.length - 1]);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const activeId = open && visible[active] ? `${inputId}-option-${active}` : undefined;

  return (
    <div className={cx('relative', className)}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click on the box focuses its input, which handles the keyboard */}
      <div
        className={cx(
          'flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm',
          'focus-within:border-brand-500 focus-within:outline-2 focus-within:outline-brand-400',
          'dark:border-slate-600 dark:bg-slate-900',
          aria['aria-invalid'] && 'border-red-500 dark:border-red-400',
          disabled && 'cursor-not-allowed bg-slate-50 dark:bg-slate-800',
        )}
        onClick={() => input.current?.focus()}
      >
        {chips.length ? (
          <ul className="contents" aria-label={chipsName}>
            {chips.map((chip) => (
              <li
                key={chip.value}
                className="inline-flex max-w-full items-center gap-1 rounded-md bg-brand-50 py-0.5 pr-1 pl-2 text-brand-900 ring-1 ring-brand-600/20 ring-inset dark:bg-brand-400/10 dark:text-brand-200 dark:ring-brand-400/25"
              >
                <span className="truncate">{chip.label}</span>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={(e) => {
                    e.stopPropagation();
                    remove(chip);
                  }}
                  className="rounded p-0.5 text-brand-800 hover:bg-brand-100 dark:text-brand-200 dark:hover:bg-brand-400/20"
                  aria-label={t('app.multiSelect.remove', { item: chip.label })}
                >
                  <Icon icon={xIcon} className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={input}
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-describedby={aria['aria-describedby']}
          aria-invalid={aria['aria-invalid']}
          disabled={disabled}
          value={query}
          placeholder={chips.length ? '' : (placeholder ?? t('app.multiSelect.search'))}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="h-7 min-w-[8rem] flex-1 border-0 bg-transparent p-0 text-slate-900 placeholder:text-slate-400 focus:ring-0 focus:outline-none dark:text-slate-100 dark:placeholder:text-slate-500"
        />
        {loading ? <Spinner className="size-4 text-slate-400" /> : <Icon icon={chevronUpDownIcon} className="size-4 text-slate-400" />}
      </div>
      <ul
        ref={list}
        id={listboxId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern: a listbox driven by aria-activedescendant from the input
        role="listbox"
        aria-multiselectable="true"
        aria-label={listName}
        hidden={!open}
        className="absolute z-40 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {visible.length === 0 ? (
          <li className="px-3 py-2 text-slate-500 dark:text-slate-400" role="presentation">
            {loading ? t('app.multiSelect.searching') : t('app.multiSelect.noMatches')}
          </li>
        ) : (
          visible.map((option, index) => {
            const isSelected = selected.has(option.value);
            return (
              // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: options of the combobox: the input keeps focus and handles the keys (aria-activedescendant)
              <li
                key={option.value}
                id={`${inputId}-option-${index}`}
                data-index={index}
                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox's listbox (the pattern above)
                role="option"
                aria-selected={isSelected}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => toggle(option)}
                className={cx('flex cursor-pointer items-start gap-2 px-3 py-2', index === active ? 'bg-slate-100 dark:bg-slate-800' : '')}
              >
                <span
                  className={cx(
                    'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded border',
                    isSelected ? 'border-brand-500 bg-brand-400 text-slate-900' : 'border-slate-300 dark:border-slate-600',
                  )}
                  aria-hidden="true"
                >
                  {isSelected ? <Icon icon={checkIcon} className="size-3" /> : null}
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900 dark:text-slate-100">{option.label}</span>
                  {option.description ? <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{option.description}</span> : null}
                </span>
              </li>
            );
          })
        )}
      </ul>
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}

export default MultiSelect;
