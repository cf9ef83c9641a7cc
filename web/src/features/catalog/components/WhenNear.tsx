import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Issue 40: renders `children` once its place comes within `margin` of the screen (an IntersectionObserver), so a
 * part far below the fold (the product page's related products: a chunk, two catalogue reads and a row of cards)
 * costs the page's first seconds nothing. Without IntersectionObserver (old browsers, jsdom) it renders at once.
 * `ready`: whether what comes above it is in place; until then it does not look (a page whose upper parts are still
 * loading is short, and its place would seem near).
 */
export function WhenNear({
  children,
  margin = 600,
  ready = true,
}: {
  children: ReactNode;
  margin?: number;
  ready?: boolean;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !ready || !place.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${margin}px 0px`,
    });
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near, ready, margin]);
  return near ? children : <div ref={place} style={{ minHeight: 1 }} data-testid="when-near" />;
}
