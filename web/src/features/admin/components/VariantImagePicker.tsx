// A variant's own image in the admin's variant rows (issue 29): a select of the product's gallery pictures (the
// server takes no other, domain/variants.ts) with a small preview beside it. A select rather than a grid of
// thumbnails: one row per variant stays compact at 390 px, and it is keyboard usable as is.
import type { ProductImage as GalleryImage } from '@domain/productMedia';
import Form from 'react-bootstrap/Form';
import { ProductImage } from '@/components/ui/ProductImage';

/** What the select shows for a picture: its place in the gallery and its alt text. */
export const pictureLabel = (picture: GalleryImage, index: number) =>
  `Image ${index + 1}${index === 0 ? ' (main)' : ''}${picture.alt ? `: ${picture.alt}` : ''}`;

export function VariantImagePicker({
  id,
  variant,
  value,
  gallery,
  onChange,
  error,
}: {
  id: string;
  /** The variant's label, "Black / 256 GB", for the select's accessible name. */
  variant: string;
  /** A gallery url, or '' for the product's image. */
  value: string;
  gallery: readonly GalleryImage[];
  onChange: (url: string) => void;
  /** The form's message for this choice (e.g. no longer in the gallery). */
  error?: string;
}) {
  const known = value === '' || gallery.some((picture) => picture.url === value);
  const shown = value || gallery[0]?.url;
  return (
    <div className="d-flex align-items-start gap-2 variant-image-picker">
      <div className="variant-image-thumb" aria-hidden="true" data-testid="variant-image-preview">
        {shown && <ProductImage key={shown} src={shown} alt="" sizes="48px" />}
      </div>
      <div className="variant-image-select">
        {/* Each row of the variants table says "Image" in its column header (or, stacked, beside it). */}
        <Form.Select
          id={id}
          size="sm"
          value={value}
          isInvalid={!known || !!error}
          aria-invalid={!known || !!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-label={`Image of ${variant}`}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Product image</option>
          {gallery.map((picture, index) => (
            <option key={picture.url} value={picture.url}>
              {pictureLabel(picture, index)}
            </option>
          ))}
          {!known && <option value={value}>No longer in the gallery: choose another</option>}
        </Form.Select>
        {error && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        )}
      </div>
    </div>
  );
}
