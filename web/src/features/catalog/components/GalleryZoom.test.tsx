import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductGallery } from './ProductGallery';

const images = [
  { url: '/images/front.webp', alt: 'Front' },
  { url: '/images/back.webp', alt: 'Back, graphite' },
  { url: '/images/side.webp', alt: '' },
];

describe('the gallery zoom (issue 40)', () => {
  it('opens at the picture shown from "View larger", moves with the arrow keys and closes with Escape, focus back', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} productName="Volt Phone" />);
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 3: Back, graphite' }));
    const opener = screen.getByRole('button', { name: /View larger/ });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: /Volt Phone/ });
    const position = () => within(dialog).getByTestId('zoom-position').textContent;
    expect(position()).toBe('Image 2 of 3: Back, graphite');
    expect(within(dialog).getByRole('img', { name: 'Back, graphite' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(position()).toBe('Image 3 of 3: Volt Phone');
    await user.keyboard('{ArrowRight}');
    expect(position()).toBe('Image 1 of 3: Front');
    await user.keyboard('{End}');
    expect(position()).toBe('Image 3 of 3: Volt Phone');
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(position()).toBe('Image 2 of 3: Back, graphite');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The gallery shows the picture the larger view showed last, and focus is back on the button.
    expect(screen.getByTestId('gallery-position').textContent).toBe('Image 2 of 3: Back, graphite');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a click on a picture opens it; a sideways swipe moves, a short one does not; Close closes', async () => {
    const user = userEvent.setup();
    const { container } = render(<ProductGallery images={images} productName="Volt Phone" />);
    await user.click(container.querySelector('.product-gallery-slide')!);
    const dialog = await screen.findByRole('dialog');
    const position = () => within(dialog).getByTestId('zoom-position').textContent;
    expect(position()).toBe('Image 1 of 3: Front');
    const body = dialog.querySelector('.gallery-zoom-body')!;
    fireEvent.pointerDown(body, { clientX: 300 });
    fireEvent.pointerUp(body, { clientX: 200 });
    expect(position()).toBe('Image 2 of 3: Back, graphite');
    fireEvent.pointerDown(body, { clientX: 200 });
    fireEvent.pointerUp(body, { clientX: 220 });
    expect(position()).toBe('Image 2 of 3: Back, graphite');
    fireEvent.pointerDown(body, { clientX: 100 });
    fireEvent.pointerUp(body, { clientX: 300 });
    expect(position()).toBe('Image 1 of 3: Front');
    await user.click(within(dialog).getByRole('button', { name: 'Close the larger view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a single picture opens too, without arrows', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images.slice(0, 1)} productName="Volt Phone" />);
    await user.click(screen.getByRole('button', { name: /View larger/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Next image' })).toBeNull();
    expect(within(dialog).getByRole('img', { name: 'Front' })).toBeInTheDocument();
  });
});
