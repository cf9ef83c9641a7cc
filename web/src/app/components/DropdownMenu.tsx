import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface MenuEntry {
  label: string;
  to?: string;
  onSelect?: () => void;
}

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
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = `${id}-menu-${useId().replace(/:/g, '')}`;
  /** Which item to focus once the menu is open (0 first, -1 last). */
  const pendingFocus = useRef<number | null>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('.dropdown-item') ?? []);
  const focusItem = (index: number) => {
    const list = items();
    if (list.length) list[(index + list.length) % list.length].focus();
  };

  // A layout effect: the focus moves before the next key is handled (Preact runs plain effects after a frame, and
  // an Enter pressed right after ArrowDown would otherwise reach the button and close the menu again).
  useLayoutEffect(() => {
    if (open && pendingFocus.current !== null) {
      focusItem(pendingFocus.current);
      pendingFocus.current = null;
    }
  });

  function onButtonKey(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const index = e.key === 'ArrowUp' ? -1 : 0;
      if (open) focusItem(index);
      else {
        pendingFocus.current = index;
        setOpen(true);
      }
    }
  }

  function onMenuKey(e: KeyboardEvent) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusItem(index + 1);
    else if (e.key === 'ArrowUp') focusItem(index - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(-1);
    else if (e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else return;
    e.preventDefault();
  }

  const select = (entry: MenuEntry) => {
    setOpen(false);
    entry.onSelect?.();
    onNavigate?.();
  };

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
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
        onPointerEnter={onInterest}
        onFocus={onInterest}
      >
        {title}
      </button>
      <ul
        id={menuId}
        className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
        onKeyDown={onMenuKey}
        aria-labelledby={id}
      >
        {entries.map((entry) => (
          <li key={entry.label}>
            {entry.to ? (
              <Link className="dropdown-item" to={entry.to} onClick={() => select(entry)}>
                {entry.label}
              </Link>
            ) : (
              <button type="button" className="dropdown-item" onClick={() => select(entry)}>
                {entry.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
