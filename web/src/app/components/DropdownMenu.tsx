import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuEntry {
  label: string;
  to?: string;
  onSelect?: () => void;
}

/** The open menu (its list, keys and outside clicks) is lazy: the first paint shows only the buttons, and a closed
 *  list is `display: none`, so loading it later moves nothing. Its chunk starts loading at the first sign of interest
 *  (pointer over, focus, click). */
const DropdownList = lazy(() => import('./headerMenus').then((m) => ({ default: m.DropdownList })));

/**
 * A disclosure menu for the header (button + list of links), light enough for the home page's first bundle.
 * Keyboard: Enter/Space/ArrowDown open it, ArrowUp/ArrowDown/Home/End move, Escape closes and returns focus,
 * Tab or a click outside closes it.
 */
export function DropdownMenu({
  id,
  title,
  entries,
  onNavigate,
  onInterest,
}: {
  id: string;
  title: ReactNode;
  entries: MenuEntry[];
  onNavigate?: () => void;
  /** The first sign the menu may be opened (pointer over, focus, click): a menu that loads its entries starts here. */
  onInterest?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = `${id}-menu-${useId().replace(/:/g, '')}`;
  /** Which item to focus once the menu is open (0 first, -1 last). */
  const pendingFocus = useRef<number | null>(null);

  const interest = () => {
    setWanted(true);
    onInterest?.();
  };
  const focusItem = (index: number) => {
    const list = Array.from(root.current?.querySelectorAll<HTMLElement>('.dropdown-item') ?? []);
    if (list.length) list[(index + list.length) % list.length].focus();
  };

  function onButtonKey(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const index = e.key === 'ArrowUp' ? -1 : 0;
      if (open) focusItem(index);
      else {
        pendingFocus.current = index;
        setWanted(true);
        setOpen(true);
      }
    }
  }

  // Until the list has loaded: an empty one in its place (what aria-controls names).
  const placeholder = <ul id={menuId} className="dropdown-menu dropdown-menu-end" aria-labelledby={id} />;
  return (
    <li
      className={`nav-item dropdown${open ? ' show' : ''}`}
      ref={root}
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        id={id}
        type="button"
        className={`nav-link dropdown-toggle btn btn-link${open ? ' show' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setWanted(true);
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKey}
        onPointerEnter={interest}
        onFocus={interest}
      >
        {title}
      </button>
      {wanted || open ? (
        <Suspense fallback={placeholder}>
          <DropdownList
            {...{ id, menuId, open, setOpen, entries, onNavigate, focusItem }}
            rootRef={root}
            buttonRef={button}
            pendingFocusRef={pendingFocus}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </li>
  );
}
