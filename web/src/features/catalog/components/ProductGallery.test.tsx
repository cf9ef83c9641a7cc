import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductGallery } from './ProductGallery';

const images = [
  { url: '/images/front.webp', alt: 'Front' },
  { url: '/images/back.webp', alt: 'Back, graphite' },
  { url: '/images/side.webp', alt: '' },
];

function setup() {
  const user = userEvent.setup();
  render(<ProductGallery images={images} productName="Volt Phone" />);
  const position = () => screen.getByTestId('gallery-position').textContent;
  const current = () =>
    screen
      .getAllByRole('button', { name: /^Show image/ })
      .findIndex((thumb) => thumb.getAttribute('aria-current') === 'true');
  return { user, position, current };
}

describe('ProductGallery (issue 29)', () => {
  it('moves with the arrow keys, Home and End on the focused track, wrapping at the ends', async () => {
    const { user, position, current } = setup();
    const track = screen.getByRole('region', { name: 'Volt Phone: images' });
    expect(track).toHaveAttribute('tabindex', '0');
    expect(position()).toBe('Image 1 of 3: Front');
    track.focus();
    await user.keyboard('{ArrowRight}');
    expect(position()).toBe('Image 2 of 3: Back, graphite');
    expect(current()).toBe(1);
    await user.keyboard('{End}');
    expect(position()).toBe('Image 3 of 3: Volt Phone');
    await user.keyboard('{ArrowRight}');
    expect(position()).toBe('Image 1 of 3: Front');
    await user.keyboard('{ArrowLeft}');
    expect(current()).toBe(2);
    await user.keyboard('{Home}');
    expect(current()).toBe(0);
  });

  it('has labelled previous/next buttons and thumbnails naming what they show, usable by keyboard', async () => {
    const { user, position } = setup();
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(position()).toBe('Image 2 of 3: Back, graphite');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(position()).toBe('Image 3 of 3: Volt Phone');
    const thumbs = within(screen.getByRole('list', { name: 'Choose an image' })).getAllByRole('button');
    expect(thumbs.map((thumb) => thumb.getAttribute('aria-label'))).toEqual([
      'Show image 1 of 3: Front',
      'Show image 2 of 3: Back, graphite',
      'Show image 3 of 3: Volt Phone',
    ]);
    thumbs[1]!.focus();
    await user.keyboard('{Enter}');
    expect(position()).toBe('Image 2 of 3: Back, graphite');
    expect(thumbs[1]).toHaveAttribute('aria-current', 'true');
  });

  it('loads only the first picture with the page; the others lazily', () => {
    setup();
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides.map((slide) => slide.querySelector('img')!.getAttribute('loading'))).toEqual([
      'eager',
      'lazy',
      'lazy',
    ]);
  });
});
