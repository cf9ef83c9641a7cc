import type { ReactNode } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';

/** The filters on a narrow screen: a panel from the side, focus kept inside, Escape or the close button hides it. */
export default function FiltersOffcanvas({ onHide, children }: { onHide: () => void; children: ReactNode }) {
  return (
    <Offcanvas show onHide={onHide} placement="start" aria-labelledby="filters-title">
      <Offcanvas.Header closeButton closeLabel="Close filters">
        <Offcanvas.Title id="filters-title" as="h2" className="h5">
          Filters
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>{children}</Offcanvas.Body>
    </Offcanvas>
  );
}
