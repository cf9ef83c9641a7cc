import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '@domain/routes';

/** Header search: a non-blank term goes to /search/{term}, a blank one to /. */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const { keyword: current } = useParams();
  const [keyword, setKeyword] = useState(current ?? '');
  const [lastCurrent, setLastCurrent] = useState(current);
  if (current !== lastCurrent) {
    // Follow the URL when it changes (e.g. Back, or clicking the brand).
    setLastCurrent(current);
    setKeyword(current ?? '');
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const term = keyword.trim();
    navigate(term ? paths.search.href(term) : paths.home.href());
    onSearch?.();
  }

  return (
    <form onSubmit={submit} className="d-flex search-box" role="search">
      <label htmlFor="search-products" className="visually-hidden">
        Search products
      </label>
      <input
        id="search-products"
        type="search"
        name="q"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder="Search Products..."
        maxLength={100}
        className="form-control me-2"
      />
      <button type="submit" className="btn btn-outline-light px-3">
        Search
      </button>
    </form>
  );
}
