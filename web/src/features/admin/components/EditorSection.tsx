// One card of the product editor (issue 40): a heading and its fields, the section labelled by the heading; an
// action beside the heading where the card has one (a history's Show/Hide).
import type { ReactNode } from 'react';

export function EditorSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className={action ? 'h5 mb-0' : 'h5 mb-2'}>
      {title}
    </h2>
  );
  return (
    <section className="card editor-card" aria-labelledby={id}>
      <div className="card-body">
        {action ? (
          <div className="d-flex align-items-center justify-content-between gap-2">
            {heading}
            {action}
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </section>
  );
}
