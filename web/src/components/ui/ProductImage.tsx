import { useState } from 'react';

/**
 * A product image at the catalogue's 640x510 ratio (its box is sized before it loads), with a neutral placeholder
 * if it cannot load. `eager`: in the first screen; `priority`: the page's main image (its largest paint), fetched first.
 */
export function ProductImage({
  src,
  alt,
  className = '',
  eager = false,
  priority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
  priority?: boolean;
}) {
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
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? undefined : 'async'}
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
