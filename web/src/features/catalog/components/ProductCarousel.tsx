import type { Product } from '@domain';
import Carousel from 'react-bootstrap/Carousel';
import { Link } from 'react-router-dom';
import { paths } from '@domain/routes';
import { formatPrice } from '@/lib/format';
import { useLiveTopProducts } from '../api/useLiveCatalog';
import { CarouselImage } from './CarouselImage';

/** The top-rated products; pauses on hover, arrow keys and the prev/next/indicator buttons work from the keyboard. */
export default function ProductCarousel({ products: loaded }: { products: Product[] }) {
  const products = useLiveTopProducts(loaded);
  if (products.length === 0) return null;
  return (
    <section aria-label="Top rated products" className="mb-4">
      <Carousel pause="hover" interval={5000} className="top-carousel" data-testid="top-carousel">
        {products.map((p, i) => (
          <Carousel.Item key={p._id}>
            <Link to={paths.product.href(p.slug)} className="carousel-link">
              <CarouselImage product={p} alt={p.name} first={i === 0} />
              <Carousel.Caption className="carousel-caption-box">
                <h2 className="h5 mb-0">
                  {p.name} ({formatPrice(p.price)})
                </h2>
              </Carousel.Caption>
            </Link>
          </Carousel.Item>
        ))}
      </Carousel>
    </section>
  );
}
