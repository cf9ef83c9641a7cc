// A product's history section on its edit page (stock, price): a heading and a Show/Hide button; the body (and so
// its read) only while open. The button names its history, since the page has two.
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';

export function HistoryPanel({
  id,
  title,
  children,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** The body, given whether the panel is open (it starts closed). */
  children: (open: boolean) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card card-body editor-card" aria-labelledby={id}>
      <div className="d-flex align-items-center justify-content-between gap-2">
        <h2 id={id} className="h5 mb-0">
          {title}
        </h2>
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} ${title.toLowerCase()}`}
        >
          {open ? 'Hide' : 'Show'}
        </Button>
      </div>
      {children(open)}
    </section>
  );
}
