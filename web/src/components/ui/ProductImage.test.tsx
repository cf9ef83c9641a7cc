import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_IMAGE_SIZES } from '@domain/images';
import { ProductImage } from './ProductImage';

const name = 'b'.repeat(32);

describe('ProductImage', () => {
  it('offers the smaller copies of an upload (srcset) with the layout width (sizes)', () => {
    render(<ProductImage src={`/uploads/${name}.webp`} alt="Phone" />);
    const img = screen.getByRole('img', { name: 'Phone' });
    expect(img.getAttribute('src')).toBe(`/uploads/${name}.webp`);
    expect(img.getAttribute('srcset')).toBe(
      `/uploads/${name}-320w.webp 320w, /uploads/${name}-640w.webp 640w, /uploads/${name}-960w.webp 960w`,
    );
    expect(img.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
  });

  it('shows the seed drawings and external images as they are', () => {
    render(<ProductImage src="/images/phone.svg" alt="Drawing" sizes="50vw" />);
    const img = screen.getByRole('img', { name: 'Drawing' });
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('sizes')).toBeNull();
  });
});
