// One labelled form control with its error message, for every form of the shop. The control is the one
// react-hook-form registers: spread `register('name')` into the Field.
import type { ComponentProps, ReactNode, Ref } from 'react';
import Form from 'react-bootstrap/Form';

type ControlProps = Omit<
  ComponentProps<'input'> & ComponentProps<'textarea'> & ComponentProps<'select'>,
  'ref' | 'size' | 'children'
>;

export interface FieldProps extends ControlProps {
  name: string;
  label: ReactNode;
  /** The field's error (react-hook-form's `errors.x`); marks the control invalid. */
  error?: { message?: string };
  /** A textarea or a select (with `children` as its options) instead of an input. */
  as?: 'textarea' | 'select';
  children?: ReactNode;
  /**
   * The id of an element elsewhere on the page that shows this field's error (e.g. a form-level alert): the
   * message is then not repeated under the control, and the control is described by that element.
   */
  errorShownIn?: string;
  /** The `id` of the control (and `for` of its label); the field's name by default. */
  id?: string;
  /** Classes of the group around label, control and message. */
  groupClassName?: string;
  ref?: Ref<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>;
}

/**
 * Label, control and error message, wired for screen readers: the label names the control, and an invalid control
 * has aria-invalid and aria-describedby pointing at its message.
 */
export function Field({
  name,
  label,
  error,
  as,
  children,
  errorShownIn,
  id = name,
  groupClassName = 'mb-3',
  ...control
}: FieldProps) {
  const invalid = !!error;
  const messageId = errorShownIn ?? `${id}-error`;
  const wiring = {
    name,
    isInvalid: invalid,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? messageId : undefined,
  };
  return (
    <Form.Group className={groupClassName} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {as === 'select' ? (
        <Form.Select {...(control as ComponentProps<typeof Form.Select>)} {...wiring}>
          {children}
        </Form.Select>
      ) : (
        <Form.Control as={as} {...(control as ComponentProps<typeof Form.Control>)} {...wiring} />
      )}
      {!errorShownIn && (
        <Form.Control.Feedback id={messageId} type="invalid">
          {error?.message}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
