import { render, screen } from '@testing-library/react';
import { carouselPosterHtml } from '@domain/firstPaint';
import { CAROUSEL_IMAGE_SIZES, imageSrcSet } from '@domain/images';
import { describe, expect, it } from 'vitest';
import type { Product } from '@domain';
import { CarouselPoster } from './CarouselPoster';

const product = { _id: 'p1', name: 'Volt Phone', price: 499, image: '/images/volt-phone.svg' } as Product;

describe('CarouselPoster (the first slide while the carousel code loads)', () => {
  it('shows the first slide’s image and caption at high priority, out of the accessibility tree', () => {
    render(<CarouselPoster product={product} />);
    const poster = screen.getByTestId('carousel-poster');
    expect(poster).toHaveAttribute('aria-hidden', 'true');
    const img = poster.querySelector('img')!;
    expect(img).toHaveAttribute('src', product.image);
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveClass('carousel-image'); // the slide's own size, so nothing moves when the carousel replaces it
    expect(poster).toHaveTextContent('Volt Phone ($499.00)');
  });

  it('an uploaded image comes with the srcset and sizes the carousel and the preload link use', () => {
    const image = `/uploads/${'cd'.repeat(16)}.webp`;
    render(<CarouselPoster product={{ ...product, image }} />);
    const img = screen.getByTestId('carousel-poster').querySelector('img')!;
    expect(img).toHaveAttribute('srcset', imageSrcSet(image));
    expect(img).toHaveAttribute('sizes', CAROUSEL_IMAGE_SIZES);
  });

  it("is the same element as the poster the server writes into the home page's first paint (domain/firstPaint.ts)", () => {
    // Each side's markup, parsed: the app's first render replaces the server's with the same box, nothing moves.
    const parse = (html: string) => {
      const box = document.createElement('div');
      box.innerHTML = html;
      return box.firstElementChild!;
    };
    for (const p of [
      product,
      { ...product, name: 'Tom & "Jerry" <Deluxe>', price: 1234.5 },
      { ...product, image: `/uploads/${'ef'.repeat(16)}.webp` },
    ]) {
      const { container, unmount } = render(<CarouselPoster product={p} />);
      const server = parse(carouselPosterHtml(p));
      container.normalize(); // React writes the caption's parts as adjacent text nodes: one text, as the server's
      expect(server.isEqualNode(container.firstElementChild), server.outerHTML).toBe(true);
      unmount();
    }
  });

  it('no top products: the empty placeholder of the carousel’s height', () => {
    const { container } = render(<CarouselPoster product={undefined} />);
    expect(container.firstElementChild).toHaveClass('carousel-placeholder');
    expect(screen.queryByTestId('carousel-poster')).toBeNull();
  });
});
