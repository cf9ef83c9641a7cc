import type { Product } from '@domain';
import { CAROUSEL_IMAGE_SIZES, imageSrcSet } from '@domain/images';
import Carousel from 'react-bootstrap/Carousel';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { useLiveTopProducts } from '../api/useLiveCatalog';

/** The top-rated products; pauses on hover, arrow keys and the prev/next/indicator buttons work from the keyboard. */
export default function ProductCarousel({ products: loaded }: { products: Product[] }) {
  const products = useLiveTopProducts(loaded);
  if (products.length === 0) return null;
  return (
    <section aria-label="Top rated products" className="mb-4">
      <Carousel pause="hover" interval={5000} className="top-carousel" data-testid="top-carousel">
        {products.map((p, i) => {
          const srcSet = imageSrcSet(p.image);
          return (
            <Carousel.Item key={p._id}>
              <Link to={paths.product.href(p._id)} className="carousel-link">
                <img
                  src={p.image}
                  srcSet={srcSet}
                  sizes={srcSet ? CAROUSEL_IMAGE_SIZES : undefined}
                  alt={p.name}
                  width={640}
                  height={510}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  className="carousel-image"
                />
                <Carousel.Caption className="carousel-caption-box">
                  <h2 className="h5 mb-0">
                    {p.name} ({formatPrice(p.price)})
                  </h2>
                </Carousel.Caption>
              </Link>
            </Carousel.Item>
          );
        })}
      </Carousel>
    </section>
  );
}
