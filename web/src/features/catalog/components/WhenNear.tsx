import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Issue 40: renders `children` once its place comes within `margin` of the screen (an IntersectionObserver), so a
 * part far below the fold (the product page's related products: a chunk, two catalogue reads and a row of cards)
 * costs the page's first seconds nothing. Without IntersectionObserver (old browsers, jsdom) it renders at once.
 */
export function WhenNear({ children, margin = 600 }: { children: ReactNode; margin?: number }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${margin}px 0px`,
    });
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={place} style={{ minHeight: 1 }} data-testid="when-near" />;
}
