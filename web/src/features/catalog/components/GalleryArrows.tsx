// The previous and next buttons over a gallery's image (the product page's and its zoom's): `step` is given -1 or 1.
export function GalleryArrows({ step }: { step: (by: -1 | 1) => void }) {
  return (
    <>
      <button type="button" className="product-gallery-arrow prev" aria-label="Previous image" onClick={() => step(-1)}>
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" className="product-gallery-arrow next" aria-label="Next image" onClick={() => step(1)}>
        <span aria-hidden="true">›</span>
      </button>
    </>
  );
}
