import { CARD_IMAGE_SIZES, imageSrcSet } from '@domain/images';
import { useState } from 'react';

/**
 * A product image at the catalogue's 640x510 ratio (its box is sized before it loads), with a neutral placeholder
 * if it cannot load. `eager`: in the first screen; `priority`: the page's main image (its largest paint), fetched first.
 * Uploaded images come with smaller copies (`srcset`, domain/images.ts), chosen by `sizes`: the image's layout width.
 */
export function ProductImage({
  src,
  alt,
  className = '',
  eager = false,
  priority = false,
  sizes = CARD_IMAGE_SIZES,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
  priority?: boolean;
  sizes?: string;
}) {
  const srcSet = imageSrcSet(src);
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
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
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
