// The header search box's suggestions while typing (issue 29): an ARIA combobox with a listbox of products, then
// categories and brands. Its own chunk, loaded on the box's first focus: the home page's first bundle has no room
// for it. The box (SearchBox.tsx) keeps its input and form; this part makes that input the combobox (its ARIA
// attributes are set here, so the first bundle does not carry them), handles its keys and shows the list.
import {
  useEffect,
  useId,
  useLayoutEffect,
  useState,
  type KeyboardEvent,
  type MutableRefObject,
  type RefObject,
} from 'react';
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MIN_SUGGEST_LENGTH, searchKey } from '@domain/search';
import type { ProductSuggestions } from '@domain/types';
import { catalogSearchParams } from '@domain/catalogQuery';
import { paths } from '@domain/routes';
import { shop } from '@/lib/shop';

/** How long typing must pause before the suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;

export interface SearchSuggestionsProps {
  /** The box's input (becomes the combobox). */
  input: RefObject<HTMLInputElement | null>;
  /** Where the box's onKeyDown is routed. */
  keysRef: MutableRefObject<((e: KeyboardEvent<HTMLInputElement>) => void) | undefined>;
  /** What is typed. */
  keyword: string;
  /** A suggestion was chosen: go there. */
  onPick: (href: string) => void;
}

interface Option {
  label: string;
  kind: 'correction' | 'product' | 'category' | 'brand';
  href: string;
  image?: string;
}

export const suggestionOptions = (s: ProductSuggestions | undefined): Option[] =>
  s
    ? [
        // Issue 40: a misspelt word ("hedphones"): the correction's search first, its products after.
        ...(s.didYouMean
          ? [{ label: s.didYouMean, kind: 'correction' as const, href: paths.search.href(s.didYouMean) }]
          : []),
        ...s.products.map((p) => ({
          label: p.name,
          kind: 'product' as const,
          href: paths.product.href(p.slug),
          image: p.image,
        })),
        ...s.categories.map((c) => ({ label: c, kind: 'category' as const, href: paths.category.href(c) })),
        ...s.brands.map((b) => ({
          label: b,
          kind: 'brand' as const,
          href: `${paths.home.href()}?${catalogSearchParams({ brand: b })}`,
        })),
      ]
    : [];

const KIND_LABEL = { correction: 'Did you mean', product: '', category: 'Category', brand: 'Brand' } as const;

/** The suggestions' own query cache: the header sits outside the pages' query layout (the home page has none:
 *  app/QueryLayout.tsx), and sharing the app's client would pull its module into this chunk's first load. */
const suggestionsClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

export function SearchSuggestions(props: SearchSuggestionsProps) {
  return (
    <QueryClientProvider client={suggestionsClient}>
      <Suggestions {...props} />
    </QueryClientProvider>
  );
}

function Suggestions({ input, keysRef, keyword, onPick }: SearchSuggestionsProps) {
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  const typed = keyword.trim();
  const [q, setQ] = useState(typed);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [lastTyped, setLastTyped] = useState(typed);
  if (typed !== lastTyped) {
    // Typing opens the list again and forgets the highlighted option.
    setLastTyped(typed);
    setOpen(true);
    setActive(-1);
  }

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const enabled = [...q].length >= MIN_SUGGEST_LENGTH;
  const { data } = useQuery({
    queryKey: ['products', 'suggest', searchKey(q)],
    queryFn: ({ signal }) => shop.catalog.suggest(q, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const options = enabled && [...typed].length >= MIN_SUGGEST_LENGTH ? suggestionOptions(data) : [];
  const shown = open && options.length > 0;

  function pick(option: Option) {
    setOpen(false);
    setActive(-1);
    onPick(option.href);
  }

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      if (!shown) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 && step < 0 ? options.length - 1 : (i + step + options.length) % options.length));
    } else if (e.key === 'Enter' && shown && active >= 0 && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter') {
      setOpen(false); // the form searches what is typed
    }
  };

  // In a layout effect: the next key must see this render's options and highlight. A passive effect runs after the
  // paint on Preact (the production build), so ArrowDown then Enter, typed quickly, reached the handler of the render
  // before ArrowDown, which saw nothing highlighted and searched the misspelt word instead of the correction.
  useLayoutEffect(() => {
    keysRef.current = onKey;
  });

  // The input as the combobox (ARIA 1.2 pattern): set here, where the list lives.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('role', 'combobox');
    el.setAttribute('autocomplete', 'off'); // the browser's own list would cover this one
    el.setAttribute('aria-autocomplete', 'list');
    el.setAttribute('aria-controls', listId);
    el.setAttribute('aria-expanded', String(shown));
    if (shown && active >= 0) el.setAttribute('aria-activedescendant', optionId(active));
    else el.removeAttribute('aria-activedescendant');
  });
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const close = () => setOpen(false);
    el.addEventListener('blur', close);
    return () => el.removeEventListener('blur', close);
  }, [input]);

  return (
    <>
      <ul
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        className={`dropdown-menu search-suggestions w-100 shadow${shown ? ' show' : ''}`}
        style={{ top: '100%', left: 0, maxHeight: '70vh', overflowY: 'auto' }}
      >
        {shown &&
          options.map((option, i) => (
            <li
              key={`${option.kind}:${option.href}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`dropdown-item d-flex align-items-center gap-2 text-wrap${i === active ? ' active' : ''}`}
              style={{ cursor: 'pointer' }}
              // Keep the focus in the box (a blur would close the list before the click lands).
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(option)}
            >
              {option.image ? (
                <img src={option.image} alt="" width={32} height={32} style={{ objectFit: 'cover' }} />
              ) : null}
              {KIND_LABEL[option.kind] ? (
                <span className={`small${i === active ? '' : ' text-body-secondary'}`}>
                  {KIND_LABEL[option.kind]}
                  {option.kind === 'correction' ? '' : ':'}
                </span>
              ) : null}
              <span>{option.kind === 'correction' ? <strong>{option.label}?</strong> : option.label}</span>
            </li>
          ))}
      </ul>
      <div role="status" aria-live="polite" className="visually-hidden">
        {shown ? `${options.length} suggestion${options.length === 1 ? '' : 's'}, use the arrow keys to choose` : ''}
      </div>
    </>
  );
}
