// Issue 40's store details and policy texts, in the settings form: what the policy pages show. A policy left empty
// shows the built-in text, written from the other settings (so it never contradicts them).
import { POLICY_TOPICS, type PolicyTopic } from '@domain/settings';
import { MAX_POLICY_CHARS, type settingsSchema } from '@domain/settingsSchema';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '@/components/ui/Field';

type Values = z.input<typeof settingsSchema>;
interface Props {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}

const POLICY_LABELS: Record<PolicyTopic, string> = {
  returns: 'Returns policy',
  shipping: 'Shipping policy',
  privacy: 'Privacy policy',
  terms: 'Terms of sale',
};

export function StoreDetailsFields({ register, errors }: Props) {
  return (
    <>
      <fieldset className="mb-4">
        <legend className="h5">Store details</legend>
        <Row>
          <Col sm={6}>
            <Field label="Store name" error={errors.store?.name} {...register('store.name')} />
          </Col>
          <Col sm={6}>
            <Field label="Support email" type="email" error={errors.store?.email} {...register('store.email')} />
          </Col>
        </Row>
        <Row>
          <Col sm={6}>
            <Field
              label="Address"
              as="textarea"
              rows={4}
              error={errors.store?.address}
              {...register('store.address')}
            />
          </Col>
          <Col sm={6}>
            <Field label="Phone" type="tel" error={errors.store?.phone} {...register('store.phone')} />
          </Col>
        </Row>
      </fieldset>
      <fieldset className="mb-4">
        <legend className="h5">Policies</legend>
        <p className="small text-muted">
          Empty: the built-in text, written from these settings. Your own text: paragraphs separated by a blank line,
          &ldquo;## &rdquo; before a heading, &ldquo;- &rdquo; before a list item; shown as plain text (no HTML). The
          Shipping policy always lists the shipping methods and prices.
        </p>
        {POLICY_TOPICS.map((topic) => (
          <Field
            key={topic}
            id={`policy-${topic}`}
            label={POLICY_LABELS[topic]}
            as="textarea"
            rows={5}
            maxLength={MAX_POLICY_CHARS}
            error={errors.policies?.[topic]}
            {...register(`policies.${topic}`)}
          />
        ))}
      </fieldset>
    </>
  );
}
