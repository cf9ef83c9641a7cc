// Issue 41: the heart says whether the product is kept (aria-pressed, its label) and a guest's click toggles it in
// localStorage; a variant is a wish of its own.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HeartButton } from './HeartButton';
import { WISHLIST_KEY, wishlistStore } from './wishlistStore';

describe('HeartButton', () => {
  it("toggles a guest's wish, pressed and labelled by its state, kept in localStorage", async () => {
    wishlistStore.set({ owner: null, items: [] });
    render(
      <>
        <HeartButton product="p1" name="Studio Headphones" />
        <HeartButton product="p1" variant="black" name="Studio Headphones, black" />
      </>,
    );
    const [heart, variantHeart] = screen.getAllByTestId('wishlist-heart');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveAccessibleName('Save Studio Headphones to your wishlist');
    await userEvent.click(heart!);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(heart).toHaveAccessibleName('Remove Studio Headphones from your wishlist');
    expect(variantHeart).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(localStorage.getItem(WISHLIST_KEY)!)).toEqual({ owner: null, items: [{ product: 'p1' }] });
    await userEvent.click(heart!);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(wishlistStore.get().items).toEqual([]);
  });
});
