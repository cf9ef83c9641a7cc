import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, Meta } from './Meta';

const headMeta = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

describe('Meta', () => {
  it("puts the page's title, description and keywords in <head> while the page shows", () => {
    const page = render(<Meta title="Arcwave Buds" description="Small, loud, waterproof." keywords="earbuds" />);
    expect(document.title).toBe('Arcwave Buds | Voltshop');
    expect(headMeta('description')).toBe('Small, loud, waterproof.');
    expect(headMeta('keywords')).toBe('earbuds');

    page.rerender(<Meta title="Orders" />);
    expect(document.title).toBe('Orders | Voltshop');
    // The defaults are index.html's own tags: a page without its own adds none.
    expect(headMeta('description')).toBeUndefined();

    page.rerender(<Meta />);
    expect(document.title).toBe(DEFAULT_TITLE);
  });
});
