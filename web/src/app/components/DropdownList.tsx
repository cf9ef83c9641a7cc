import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { MenuEntry } from './DropdownMenu';

/** The open part of a header menu (DropdownMenu.tsx): its list, its keys and closing on a click outside. Lazy
 *  (headerMenus.ts): the home page's first paint only shows the menus' buttons. */
export function DropdownList({
  id,
  menuId,
  open,
  setOpen,
  entries,
  onNavigate,
  rootRef,
  buttonRef,
  pendingFocusRef,
  focusItem,
}: {
  id: string;
  menuId: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  entries: MenuEntry[];
  onNavigate?: () => void;
  rootRef: RefObject<HTMLLIElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
  pendingFocusRef: RefObject<number | null>;
  focusItem: (index: number) => void;
}) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, rootRef, setOpen]);

  // An ArrowDown/ArrowUp that opened the menu focuses its first/last item (also when this list has just loaded).
  useEffect(() => {
    if (open && pendingFocusRef.current !== null) {
      focusItem(pendingFocusRef.current);
      pendingFocusRef.current = null;
    }
  });

  function onMenuKey(e: KeyboardEvent) {
    const list = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('.dropdown-item') ?? []);
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusItem(index + 1);
    else if (e.key === 'ArrowUp') focusItem(index - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(-1);
    else if (e.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else return;
    e.preventDefault();
  }

  const select = (entry: MenuEntry) => {
    setOpen(false);
    entry.onSelect?.();
    onNavigate?.();
  };

  return (
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
  );
}
