import { type ReviewInput } from '@domain';
import { RATING_LABELS, reviewSchema } from '@domain/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { useCreateReview } from '../api/createReview';

type ReviewForm = z.input<typeof reviewSchema>;

/** The select starts (and resets to) 'Select...': no rating chosen. */
const EMPTY = { rating: '' as unknown as number, comment: '' };

/** Rating select (1 Poor … 5 Excellent, none selected at first), Comment, Submit. */
export function ReviewForm({ productId }: { productId: string }) {
  const review = useCreateReview(productId);
  const [submitted, setSubmitted] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewForm, unknown, ReviewInput>({
    resolver: zodResolver(reviewSchema),
    defaultValues: EMPTY,
  });
  const field = fieldBinding(register, errors);

  const onSubmit = handleSubmit((values) => {
    setSubmitted(false);
    review.mutate(values, {
      onSuccess: () => {
        setSubmitted(true);
        reset(EMPTY);
        review.reset();
      },
    });
  });

  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Write a customer review">
      {submitted && <Message variant="success">Review Submitted</Message>}
      {review.isError && <Message variant="danger">{errorMessage(review.error)}</Message>}
      <Field
        label="Rating"
        as="select"
        {...field('rating', { setValueAs: (v) => (v === '' || v === undefined ? undefined : Number(v)) })}
      >
        <option value="">Select...</option>
        {RATING_LABELS.map((label, i) => (
          <option key={label} value={i + 1}>
            {i + 1} - {label}
          </option>
        ))}
      </Field>
      <Field label="Comment" as="textarea" rows={3} {...field('comment')} />
      <Button type="submit" variant="primary" disabled={review.isPending}>
        {review.isPending ? <Loader small label="Submitting review" /> : 'Submit'}
      </Button>
    </Form>
  );
}
