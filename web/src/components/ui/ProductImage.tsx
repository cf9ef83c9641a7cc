import { useState } from 'react';

/** A product image at the catalogue's 640x510 ratio, with a neutral placeholder if it cannot load. */
export function ProductImage({ src, alt, className = '', eager = false }: { src: string; alt: string; className?: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`product-image ${className}`}>
      {failed ? (
        <div className="product-image-fallback" role="img" aria-label={alt}>
          No image
        </div>
      ) : (
        <img
          src={src}
          alt={alt}
          width={640}
          height={510}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
