import type { Product } from '@domain';
import { formatPrice } from '@/lib/format';
import { CarouselImage } from './CarouselImage';

/**
 * The carousel's first slide as a still picture, shown while the carousel's own code loads: the home page's largest
 * paint comes with the first render (its image is preloaded by the page's HTML) instead of after another chunk.
 * Same box, image and caption as the slide it stands in for, so nothing moves when the carousel takes its place;
 * hidden from assistive tech, which gets the carousel itself a moment later.
 */
export function CarouselPoster({ product }: { product: Product | undefined }) {
  if (!product) return <div className="carousel-placeholder mb-4" aria-hidden="true" />;
  return (
    <div className="carousel-placeholder carousel-poster mb-4" aria-hidden="true" data-testid="carousel-poster">
      <CarouselImage product={product} alt="" first />
      <div className="carousel-caption carousel-caption-box">
        <p className="h5 mb-0">
          {product.name} ({formatPrice(product.price)})
        </p>
      </div>
    </div>
  );
}
