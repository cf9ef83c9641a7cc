// The product page's option pickers (issue 29): one radio group per option (Colour, Storage), its values as
// buttons. A value that makes no offered combination with the other choices is disabled; one whose combination is
// sold out is marked. Choosing a value picks the variant with it and the other current choices (or, if there is
// none, the first variant that has it).
import type { ProductOption, ProductVariant } from '@domain';

/** The variant `?variant=` names, or the default (first) one; undefined for a product without variants. */
export function chosenVariant(variants: readonly ProductVariant[] | undefined, id: string | null) {
  return variants?.find((v) => v._id === id) ?? variants?.[0];
}

/** The variant with `value` for `option` and the other values of `current` (undefined when not offered). */
function variantWith(variants: readonly ProductVariant[], current: ProductVariant, option: string, value: string) {
  return variants.find((v) =>
    Object.entries(current.options).every(([name, was]) => v.options[name] === (name === option ? value : was)),
  );
}

export function VariantPicker({
  options,
  variants,
  chosen,
  onChoose,
}: {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  chosen: ProductVariant;
  onChoose: (variant: ProductVariant) => void;
}) {
  return (
    <div className="variant-picker" data-testid="variant-picker">
      {options.map((option, i) => (
        <fieldset key={option.name} className="variant-option">
          <legend className="small fw-semibold mb-1">
            {option.name}: <span className="fw-normal">{chosen.options[option.name]}</span>
          </legend>
          <div className="d-flex flex-wrap gap-2">
            {option.values.map((value) => {
              const match = variantWith(variants, chosen, option.name, value);
              const soldOut = !!match && match.countInStock <= 0;
              const id = `option-${i}-${value.replace(/[^A-Za-z0-9_-]/g, '_')}`;
              return (
                <span key={value}>
                  <input
                    type="radio"
                    className="btn-check"
                    name={`option-${i}`}
                    id={id}
                    checked={chosen.options[option.name] === value}
                    disabled={!match}
                    onChange={() => match && onChoose(match)}
                  />
                  <label
                    className={`btn btn-sm btn-outline-secondary${soldOut ? ' variant-sold-out' : ''}`}
                    htmlFor={id}
                  >
                    {value}
                    {soldOut && <span className="visually-hidden">{' (sold out)'}</span>}
                    {!match && <span className="visually-hidden">{' (not offered with your other choices)'}</span>}
                  </label>
                </span>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
