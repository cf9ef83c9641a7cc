import { useRef, useState, type ComponentType, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '@domain/routes';
import type { SearchSuggestionsProps } from './SearchSuggestions';

/** Header search: a non-blank term goes to /search/{term}, a blank one to /. Suggestions while typing come from
 *  a chunk of their own, loaded on the first focus (SearchSuggestions.tsx). */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const { keyword: current } = useParams();
  const [keyword, setKeyword] = useState(current ?? '');
  const [lastCurrent, setLastCurrent] = useState(current);
  const input = useRef<HTMLInputElement>(null);
  const keysRef = useRef<(e: KeyboardEvent<HTMLInputElement>) => void>(undefined);
  const [Suggestions, setSuggestions] = useState<ComponentType<SearchSuggestionsProps>>();
  if (current !== lastCurrent) {
    // Follow the URL when it changes (e.g. Back, or clicking the brand).
    setLastCurrent(current);
    setKeyword(current ?? '');
  }

  function go(href: string) {
    navigate(href);
    onSearch?.();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const term = keyword.trim();
    go(term ? paths.search.href(term) : paths.home.href());
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
        ref={input}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onFocus={() => void import('./SearchSuggestions').then((m) => setSuggestions(() => m.SearchSuggestions))}
        onKeyDown={(e) => keysRef.current?.(e)}
        placeholder="Search Products..."
        maxLength={100}
        className="form-control me-2"
      />
      <button type="submit" className="btn btn-outline-light px-3">
        Search
      </button>
      {Suggestions && <Suggestions input={input} keysRef={keysRef} keyword={keyword} onPick={go} />}
    </form>
  );
}
