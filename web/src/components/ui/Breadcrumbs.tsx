import { Link } from 'react-router-dom';

/** Where the page sits in the shop (Home / Category / Product): links up to the last entry, the current page. */
export function Breadcrumbs({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="breadcrumb mb-0">
        {items.map((item, i) =>
          i < items.length - 1 && item.to ? (
            <li key={item.label} className="breadcrumb-item">
              <Link to={item.to}>{item.label}</Link>
            </li>
          ) : (
            <li key={item.label} className="breadcrumb-item active text-truncate" aria-current="page">
              {item.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
