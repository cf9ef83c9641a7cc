import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, DEFAULT_KEYWORDS, DEFAULT_TITLE, Meta } from './Meta';

const headMeta = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

describe('Meta', () => {
  it("writes the page's title, description and keywords into <head>, and the defaults back when the page goes", () => {
    const page = render(<Meta title="Arcwave Buds" description="Small, loud, waterproof." keywords="earbuds" />);
    expect(document.title).toBe('Arcwave Buds | Voltshop');
    expect(headMeta('description')).toBe('Small, loud, waterproof.');
    expect(headMeta('keywords')).toBe('earbuds');
    // Nothing rendered in place: Preact (the production build) would leave <title> in <body>.
    expect(page.container.innerHTML).toBe('');

    page.rerender(<Meta title="Orders" />);
    expect(document.title).toBe('Orders | Voltshop');
    expect(headMeta('description')).toBe(DEFAULT_DESCRIPTION);
    expect(headMeta('keywords')).toBe(DEFAULT_KEYWORDS);

    page.unmount();
    expect(document.title).toBe(DEFAULT_TITLE);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
