// The one combobox of the admin (issue 39's duplicates: the admin search and the product picker wrote it twice): an
// ARIA 1.2 combobox with a listbox popup. The caller asks for results with the settled text (`query`) and renders
// them; this hook owns the typed text, the open state, the active option and the keys. Arrow keys move through the
// results (wrapping), Enter picks the active one (else the first), Escape closes the popup (the text stays, as the
// APG's pattern says), a click picks; the focus leaving the whole widget closes it.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';

export interface ComboboxOptions<T> {
  /** An option was picked (Enter or a click); the text is emptied first. */
  onPick: (item: T) => void;
  /** How many characters the settled text needs before the popup shows. Default 2. */
  minLength?: number;
  /** How long typing must rest before `query` follows it (no request per keystroke). Default 200 ms. */
  settleMs?: number;
  /** False: the popup never shows (e.g. a picker that is full). Default true. */
  enabled?: boolean;
}

/** `text` once it has rested `ms` (no request per keystroke). */
export function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

export function useCombobox<T>({ onPick, minLength = 2, settleMs = 200, enabled = true }: ComboboxOptions<T>) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useSettled(text.trim(), settleMs);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = `${id}-results`;
  const inputId = `${id}-input`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const showing = enabled && open && query.length >= minLength;

  function pick(item: T) {
    setText('');
    setActive(-1);
    onPick(item);
  }

  /** The input's props; `items` are the options as listed (in order), `onKeyDown` runs first (e.g. Backspace). */
  function inputProps(items: readonly T[], onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void) {
    return {
      id: inputId,
      ref: inputRef,
      role: 'combobox' as const,
      autoComplete: 'off',
      'aria-expanded': showing,
      'aria-controls': listId,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': showing && active >= 0 ? optionId(active) : undefined,
      value: text,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setText(e.target.value);
        setOpen(true);
        setActive(-1); // new text, new results: none active yet
      },
      onFocus: () => setOpen(true),
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown?.(e);
        if (e.key === 'ArrowDown' && items.length) {
          e.preventDefault();
          setOpen(true);
          setActive((i) => (i + 1) % items.length);
        } else if (e.key === 'ArrowUp' && items.length) {
          e.preventDefault();
          setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
        } else if (e.key === 'Enter') {
          const item = items[active >= 0 ? active : 0];
          if (item !== undefined && showing) {
            e.preventDefault();
            pick(item);
          }
        } else if (e.key === 'Escape') {
          // Open: Escape closes the popup and keeps the text (a search box would clear itself); closed, it may.
          if (showing) e.preventDefault();
          setOpen(false);
        }
      },
    };
  }

  return {
    /** What is typed, and what it was when typing last rested (trimmed): what to search for. */
    text,
    query,
    /** Whether the popup shows (open, enabled, the settled text long enough). */
    showing,
    active,
    inputId,
    /** The base of the widget's ids (e.g. a group's heading). */
    id,
    inputRef,
    close: () => setOpen(false),
    inputProps,
    /** On the element around the input and the popup: the focus leaving it closes the popup. */
    rootProps: {
      ref: rootRef,
      onBlur: (e: FocusEvent<HTMLElement>) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      },
    },
    listboxProps: { id: listId, role: 'listbox' as const, hidden: !showing },
    /** The `i`th option's props (its index among all the listed options). */
    optionProps: (i: number, item: T) => ({
      id: optionId(i),
      role: 'option' as const,
      'aria-selected': i === active,
      // mousedown: picked before the input's blur closes the list.
      onMouseDown: (e: MouseEvent) => {
        e.preventDefault();
        pick(item);
      },
      onMouseEnter: () => setActive(i),
    }),
  };
}
