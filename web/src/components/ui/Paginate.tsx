import { Link } from 'react-router-dom';
import { paths } from '@domain/routes';

/** Where page `n` of a list lives: the admin list form, the search-with-page form or the plain page form (spec 2). */
export function pageHref(
  n: number,
  { isAdmin = false, keyword = '' }: { isAdmin?: boolean; keyword?: string },
): string {
  if (isAdmin) return paths.admin.products.href(n);
  if (keyword) return paths.search.href(keyword, n);
  return n === 1 ? paths.home.href() : paths.page.href(n);
}

interface PaginateProps {
  pages: number;
  page: number;
  isAdmin?: boolean;
  keyword?: string;
  /** Where page n lives, when the list has more in its URL than a keyword (the catalogue's filters and sort). */
  hrefFor?: (n: number) => string;
}

/** Numbered page links, only when there is more than one page. */
export function Paginate({ pages, page, isAdmin = false, keyword = '', hrefFor }: PaginateProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="d-flex justify-content-center mt-4">
      <ul className="pagination">
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
            <Link
              className="page-link"
              to={hrefFor ? hrefFor(n) : pageHref(n, { isAdmin, keyword })}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
