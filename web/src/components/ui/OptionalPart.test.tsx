import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionalPart } from './OptionalPart';

afterEach(() => vi.restoreAllMocks());

describe('OptionalPart', () => {
  it('shows its lazy part once loaded', async () => {
    const Reviews = lazy(async () => ({ default: () => <p>Five stars</p> }));
    render(
      <OptionalPart>
        <Reviews />
      </OptionalPart>,
    );
    expect(await screen.findByText('Five stars')).toBeTruthy();
  });

  it("leaves the part out when its code fails to load, and the page's other parts stay", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    const Reviews = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const { container } = render(
      <main>
        <p>Add to Cart</p>
        <OptionalPart>
          <Reviews />
        </OptionalPart>
      </main>,
    );
    await vi.waitFor(() => expect(container.querySelector('main')!.childElementCount).toBe(1));
    expect(screen.getByText('Add to Cart')).toBeTruthy();
  });
});
