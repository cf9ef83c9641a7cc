// The product form's gallery (issue 29): the pictures in order, the first being the main image (the form's
// `image`, which the original clients read); each with its alt text; reordered and removed by buttons (keyboard
// usable, not drag only); more added by upload (the same re-encoding pipeline as the main image). The pictures are a
// grid of small cards (issue 40: the editor's height), two across on a phone.
import { MAX_IMAGES } from '@domain/productMedia';
import Form from 'react-bootstrap/Form';
import { useFieldArray, useFormState, type FieldErrors } from 'react-hook-form';
import { ProductImage } from '@/components/ui/ProductImage';
import { ImageUpload } from './ImageUpload';
import type { ProductFormHandles, ProductFormValues } from './ProductForm';
import { ReorderControls, type ReorderList } from './ReorderControls';

export function GalleryEditor({
  form: { control, register, getValues, setValue },
  errors,
  disabled = false,
}: {
  form: ProductFormHandles;
  errors: FieldErrors<ProductFormValues>['images'];
  disabled?: boolean;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'images' });
  // The main image is the gallery's first: after a change of order, `image` follows.
  const mainFollows = () =>
    setValue('image', getValues('images')?.[0]?.url ?? '', { shouldValidate: true, shouldDirty: true });
  const listError = errors?.message ?? errors?.root?.message;
  // Earlier and later in the gallery: the pictures run left to right.
  const images: ReorderList = {
    noun: 'image',
    arrows: ['←', '→'],
    count: fields.length,
    move: (from, to) => {
      move(from, to);
      mainFollows();
    },
    remove: (at) => {
      remove(at);
      mainFollows();
    },
  };
  // As the specification rows: errors once the form was sent, so no message moves the buttons under the pointer.
  const { isSubmitted } = useFormState({ control });

  function added(url: string) {
    const main = getValues('image');
    // A product that had only its main image (no gallery yet) keeps it first.
    if (fields.length === 0 && main && main !== url) append({ url: main, alt: '' });
    append({ url, alt: '' });
    mainFollows();
  }

  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">Gallery</legend>
      <Form.Text as="p" className="mt-0 mb-2">
        The first is the main image. Describe each for people who cannot see it (empty: the product&rsquo;s name). At
        most {MAX_IMAGES}.
      </Form.Text>
      <ol className="list-unstyled row row-cols-2 row-cols-sm-3 row-cols-xl-4 g-2 mb-2 gallery-rows">
        {fields.map((field, index) => {
          const n = index + 1;
          // (A bad url can only be the main one, typed in the Image url field, which says so itself.)
          const altError = isSubmitted ? errors?.[index]?.alt?.message : undefined;
          return (
            <li key={field.id} className="col d-flex flex-column gap-1" aria-label={`Image ${n}`}>
              <div className="gallery-thumb">
                <ProductImage src={field.url} alt="" sizes="120px" />
              </div>
              <div>
                <Form.Label htmlFor={`images-${index}-alt`} className="small mb-1">
                  {index === 0 ? 'Main image: alt text' : `Image ${n}: alt text`}
                </Form.Label>
                <Form.Control
                  id={`images-${index}-alt`}
                  size="sm"
                  placeholder="e.g. The phone from the back, graphite"
                  isInvalid={!!altError}
                  aria-invalid={!!altError || undefined}
                  aria-describedby={altError ? `images-${index}-error` : undefined}
                  {...register(`images.${index}.alt`)}
                />
                <Form.Control.Feedback type="invalid" id={`images-${index}-error`}>
                  {altError}
                </Form.Control.Feedback>
              </div>
              <div className="d-flex gap-1 flex-wrap">
                <ReorderControls list={images} index={index} disabled={disabled} />
              </div>
            </li>
          );
        })}
      </ol>
      {listError && (
        <div className="invalid-feedback d-block" role="alert">
          {listError}
        </div>
      )}
      {fields.length < MAX_IMAGES ? (
        <ImageUpload
          label="Add an image to the gallery"
          help="JPEG, PNG or WebP, at most 5 MB. It is added at the end of the gallery once uploaded."
          disabled={disabled}
          onUploaded={added}
        />
      ) : (
        <p className="small text-muted">The gallery is full ({MAX_IMAGES} images).</p>
      )}
    </fieldset>
  );
}
