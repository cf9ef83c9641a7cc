// One card of the product editor (issue 40): a heading and its fields, the section labelled by the heading.
import type { ReactNode } from 'react';

export function EditorSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card editor-card" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5 mb-2">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
