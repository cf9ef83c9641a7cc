// The product form's specification rows (issue 29): add, remove and reorder by buttons (keyboard usable), each
// row's name and value checked by the API's own specsSchema. A row is one line from 576 px (issue 40: the editor's
// height), stacked on a phone.
import { MAX_SPECS } from '@domain/productMedia';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useFieldArray, useFormState, type FieldErrors } from 'react-hook-form';
import type { ProductFormHandles, ProductFormValues } from './ProductForm';
import { ReorderControls, type ReorderList } from './ReorderControls';

export function SpecRowsEditor({
  form: { control, register },
  errors,
}: {
  form: Pick<ProductFormHandles, 'control' | 'register'>;
  errors: FieldErrors<ProductFormValues>['specs'];
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'specs' });
  // The resolver checks the whole list whenever one field is left: the rows say their errors once the form was
  // sent, not while they are being filled in (a message appearing on blur would move the row buttons and
  // "Add specification" from under the pointer between press and release, and the click would be lost).
  const { isSubmitted } = useFormState({ control });
  const shown = (index: number, field: 'name' | 'value') =>
    isSubmitted ? errors?.[index]?.[field]?.message : undefined;
  const listError = errors?.message ?? errors?.root?.message;
  const rows: ReorderList = { noun: 'specification', arrows: ['↑', '↓'], count: fields.length, move, remove };
  return (
    <fieldset className="mb-3" aria-describedby={listError ? 'specs-error' : undefined}>
      {/* The editor's card heading says "Specifications" (EditorSection); the legend names the group for readers. */}
      <legend className="visually-hidden">Specifications</legend>
      <Form.Text as="p" className="mt-0 mb-2">
        Shown as a table on the product page, in this order (e.g. Display, Battery, Weight). At most {MAX_SPECS}.
      </Form.Text>
      {fields.length === 0 && <p className="text-muted small">No specifications yet.</p>}
      <ol className="list-unstyled mb-2 spec-rows">
        {fields.map((field, index) => {
          const n = index + 1;
          const nameError = shown(index, 'name');
          const valueError = shown(index, 'value');
          return (
            <li key={field.id} className="row g-1 align-items-start mb-1" aria-label={`Specification ${n}`}>
              <div className="col-12 col-sm-4">
                <Form.Control
                  size="sm"
                  aria-label={`Specification ${n} name`}
                  placeholder="Name, e.g. Display"
                  isInvalid={!!nameError}
                  aria-invalid={!!nameError || undefined}
                  aria-describedby={nameError ? `specs-${index}-name-error` : undefined}
                  {...register(`specs.${index}.name`)}
                />
                <Form.Control.Feedback type="invalid" id={`specs-${index}-name-error`}>
                  {nameError}
                </Form.Control.Feedback>
              </div>
              <div className="col-12 col-sm-5">
                <Form.Control
                  size="sm"
                  aria-label={`Specification ${n} value`}
                  placeholder='Value, e.g. 6.1" OLED'
                  isInvalid={!!valueError}
                  aria-invalid={!!valueError || undefined}
                  aria-describedby={valueError ? `specs-${index}-value-error` : undefined}
                  {...register(`specs.${index}.value`)}
                />
                <Form.Control.Feedback type="invalid" id={`specs-${index}-value-error`}>
                  {valueError}
                </Form.Control.Feedback>
              </div>
              <div className="col-12 col-sm-3 d-flex gap-1 flex-wrap justify-content-sm-end">
                <ReorderControls list={rows} index={index} />
              </div>
            </li>
          );
        })}
      </ol>
      {listError && (
        <div id="specs-error" className="invalid-feedback d-block" role="alert">
          {listError}
        </div>
      )}
      <Button
        size="sm"
        variant="outline-primary"
        disabled={fields.length >= MAX_SPECS}
        onClick={() => append({ name: '', value: '' }, { shouldFocus: true })}
      >
        Add specification
      </Button>
    </fieldset>
  );
}
