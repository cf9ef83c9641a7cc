import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router-dom';

/** The list's parameters as the admin URL keeps them (?page=2&search=…&status=…&sort=…): links and Back work. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const get = (key: string) => params.get(key) ?? undefined;
  /** Sets some parameters (undefined or '' removes one); any change but the page's goes back to page 1. */
  function update(changes: Record<string, string | number | undefined>) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  }
  return { page, get, update };
}

/**
 * The server-side search of an admin list (the whole list, not the page on screen): a search box submitted with
 * Enter or Search, and any extra selects (status, sort) given as children.
 */
export function ServerListBar({
  label,
  placeholder = 'Name or email',
  search,
  onSearch,
  children,
}: {
  label: string;
  placeholder?: string;
  search: string;
  onSearch: (text: string) => void;
  children?: ReactNode;
}) {
  const [text, setText] = useState(search);
  const id = useId();
  function submit(e: FormEvent) {
    e.preventDefault();
    onSearch(text.trim());
  }
  return (
    <Form onSubmit={submit} role="search" className="admin-list-bar d-flex flex-wrap align-items-end gap-2 mb-2">
      {/* The box and its button wrap as one (at 390 px the button was left beside the next select's label). */}
      <div className="admin-list-search d-flex align-items-end gap-2">
        <Form.Group controlId={id} className="admin-filter">
          <Form.Label className="small fw-semibold mb-1">{label}</Form.Label>
          <Form.Control
            type="search"
            size="sm"
            value={text}
            maxLength={30}
            placeholder={placeholder}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
          />
        </Form.Group>
        <Button type="submit" size="sm" variant="primary">
          Search
        </Button>
      </div>
      {children}
    </Form>
  );
}

/** "Page 2 of 7 (312 orders)" with Previous / Next, for a list the server pages. */
export function ServerPager({
  page,
  pages,
  total,
  noun,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <p className="small text-muted mb-0" aria-live="polite" data-testid="row-count">
        Page {page} of {pages} ({total} {total === 1 ? noun.replace(/s$/, '') : noun})
      </p>
      <div className="d-flex gap-2">
        <Button size="sm" variant="light" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="light" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
