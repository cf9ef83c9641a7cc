// The product page's gallery (issue 29): the pictures side by side in a scroll-snapped track (swiped on touch
// screens), previous/next buttons, thumbnails that name what they show, and the arrow keys (Home/End) on the
// focused track. Only the first picture loads with the page; the others lazily, as they come near. Issue 40: a click
// on a picture, or its "View larger" button, opens the larger view (GalleryZoom.tsx, a lazy chunk).
import { altOf, type ProductImage as GalleryImage } from '@domain/productMedia';
import { PRODUCT_IMAGE_SIZES } from '@domain/images';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { ProductImage } from '@/components/ui/ProductImage';
import { GalleryArrows } from './GalleryArrows';
import './productGallery.css';

const GalleryZoom = lazy(() => import('./GalleryZoom').then((m) => ({ default: m.GalleryZoom })));

/** The "View larger" button and, once pressed, the larger view from picture `at`. */
function useZoom(images: readonly GalleryImage[], productName: string, onClosed?: (index: number) => void) {
  const [zoomAt, setZoomAt] = useState<number | null>(null);
  const button = (at: number) => (
    <button type="button" className="product-gallery-zoom" onClick={() => setZoomAt(at)}>
      <span aria-hidden="true">⤢</span> View larger
    </button>
  );
  const view =
    zoomAt === null ? null : (
      <Suspense>
        <GalleryZoom
          images={images}
          productName={productName}
          start={zoomAt}
          onClose={(index) => {
            setZoomAt(null);
            onClosed?.(index);
          }}
        />
      </Suspense>
    );
  return { open: setZoomAt, button, view };
}

export function ProductGallery({ images, productName }: { images: readonly GalleryImage[]; productName: string }) {
  const [active, setActive] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  const count = images.length;
  // Closing the larger view leaves the gallery at the picture it showed last.
  const zoom = useZoom(images, productName, (index) => show(index));

  if (count <= 1)
    return (
      <div className="product-media">
        <div className={images[0] ? 'product-gallery-zoomable' : undefined} onClick={() => images[0] && zoom.open(0)}>
          <ProductImage
            src={images[0]?.url ?? ''}
            alt={images[0] ? altOf(images[0], productName) : productName}
            priority
            sizes={PRODUCT_IMAGE_SIZES}
          />
        </div>
        {images[0] && zoom.button(0)}
        {zoom.view}
      </div>
    );

  function show(index: number) {
    const next = (index + count) % count;
    setActive(next);
    const el = track.current;
    // (jsdom has no scrolling: the state alone is the gallery there.)
    el?.scrollTo?.({ left: next * el.clientWidth, behavior: 'smooth' });
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const keys: Record<string, number> = { ArrowLeft: active - 1, ArrowRight: active + 1, Home: 0, End: count - 1 };
    if (!(e.key in keys)) return;
    e.preventDefault();
    show(keys[e.key]!);
  }

  // A swipe scrolls the track: the picture most in view becomes the active one.
  function onScroll() {
    const el = track.current;
    if (!el || !el.clientWidth) return;
    const index = Math.round(el.scrollLeft / el.clientWidth);
    if (index !== active && index >= 0 && index < count) setActive(index);
  }

  return (
    <div className="product-gallery">
      <div className="product-media product-gallery-stage">
        <div
          ref={track}
          className="product-gallery-track"
          role="region"
          aria-roledescription="carousel"
          aria-label={`${productName}: images`}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onScroll={onScroll}
        >
          {images.map((image, index) => (
            <div
              key={image.url}
              className="product-gallery-slide product-gallery-zoomable"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={index !== active || undefined}
              onClick={() => zoom.open(index)}
            >
              <ProductImage
                src={image.url}
                alt={altOf(image, productName)}
                priority={index === 0}
                sizes={PRODUCT_IMAGE_SIZES}
              />
            </div>
          ))}
        </div>
        <GalleryArrows step={(by) => show(active + by)} />
        {zoom.button(active)}
        <p className="visually-hidden" aria-live="polite" data-testid="gallery-position">
          Image {active + 1} of {count}: {altOf(images[active]!, productName)}
        </p>
      </div>
      <ul className="product-gallery-thumbs list-unstyled" aria-label="Choose an image">
        {images.map((image, index) => (
          <li key={image.url}>
            <button
              type="button"
              className="product-gallery-thumb"
              aria-label={`Show image ${index + 1} of ${count}: ${altOf(image, productName)}`}
              aria-current={index === active || undefined}
              onClick={() => show(index)}
            >
              <ProductImage src={image.url} alt="" sizes="80px" />
            </button>
          </li>
        ))}
      </ul>
      {zoom.view}
    </div>
  );
}
