import type { Product } from '@domain';
import { CAROUSEL_IMAGE_SIZES, imageSrcSet } from '@domain/images';

/** A carousel slide's picture: the same box, file choice (`srcset`, preloaded by the page for the first slide) and
 *  priority in the carousel and in its poster (CarouselPoster), so one can stand in for the other without a move. */
export function CarouselImage({ product, alt, first }: { product: Product; alt: string; first: boolean }) {
  const srcSet = imageSrcSet(product.image);
  return (
    <img
      src={product.image}
      srcSet={srcSet}
      sizes={srcSet ? CAROUSEL_IMAGE_SIZES : undefined}
      alt={alt}
      width={640}
      height={510}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      className="carousel-image"
    />
  );
}
