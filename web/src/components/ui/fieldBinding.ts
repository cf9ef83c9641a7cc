// A form's fields wired to react-hook-form for <Field>: each field named once, its registration (name, ref,
// onChange, onBlur) and its error found by that name, so a form does not repeat `error={errors.x} {...register('x')}`.
import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormRegister,
} from 'react-hook-form';

/** `const field = fieldBinding(register, errors)`, then `<Field label="City" {...field('city')} />` (a nested
 *  name, `tax.countries.0.percent`, finds its nested error). */
export function fieldBinding<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return <N extends Path<T>>(name: N, options?: RegisterOptions<T, N>) => ({
    ...register(name, options),
    error: get(errors, name) as FieldError | undefined,
  });
}
