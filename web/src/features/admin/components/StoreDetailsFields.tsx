// Issue 40's store details and policy texts, in the settings form: what the policy pages show. A policy left empty
// shows the built-in text, written from the other settings (so it never contradicts them).
import { POLICY_TOPICS, type PolicyTopic } from '@domain/settings';
import { MAX_POLICY_CHARS } from '@domain/settingsSchema';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import type { SettingsFormParts } from './settingsInputs';

type Props = Pick<SettingsFormParts, 'register' | 'errors'>;

const POLICY_LABELS: Record<PolicyTopic, string> = {
  returns: 'Returns policy',
  shipping: 'Shipping policy',
  privacy: 'Privacy policy',
  terms: 'Terms of sale',
};

export function StoreDetailsFields({ register, errors }: Props) {
  const field = fieldBinding(register, errors);
  return (
    <>
      <fieldset className="mb-4">
        <legend className="h5">Store details</legend>
        <Row>
          <Col sm={6}>
            <Field label="Store name" {...field('store.name')} />
          </Col>
          <Col sm={6}>
            <Field label="Support email" type="email" {...field('store.email')} />
          </Col>
        </Row>
        <Row>
          <Col sm={6}>
            <Field label="Address" as="textarea" rows={4} {...field('store.address')} />
          </Col>
          <Col sm={6}>
            <Field label="Phone" type="tel" {...field('store.phone')} />
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
            {...field(`policies.${topic}`)}
          />
        ))}
      </fieldset>
    </>
  );
}
