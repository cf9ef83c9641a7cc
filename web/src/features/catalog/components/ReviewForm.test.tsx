import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAt } from '@/testing/render';
import { ReviewForm } from './ReviewForm';

describe('ReviewForm', () => {
  it('offers ratings 1 Poor to 5 Excellent with none selected', () => {
    renderAt(<ReviewForm productId="p1" />);
    const select = screen.getByLabelText('Rating') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'Select...',
      '1 - Poor',
      '2 - Fair',
      '3 - Good',
      '4 - Very Good',
      '5 - Excellent',
    ]);
  });

  it('asks for a rating before sending', async () => {
    const calls = mockFetch({});
    const { user } = renderAt(<ReviewForm productId="p1" />);
    await user.type(screen.getByLabelText('Comment'), 'Nice');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Rating must be/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sends the review, says 'Review Submitted' and clears the form", async () => {
    const calls = mockFetch({
      'POST /api/products/p1/reviews': () => ({ status: 201, body: { message: 'Review added' } }),
    });
    const { user } = renderAt(<ReviewForm productId="p1" />);
    await user.selectOptions(screen.getByLabelText('Rating'), '4');
    await user.type(screen.getByLabelText('Comment'), 'Great mouse');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Review Submitted')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ rating: 4, comment: 'Great mouse' });
    await waitFor(() => expect((screen.getByLabelText('Rating') as HTMLSelectElement).value).toBe(''));
    expect(screen.getByLabelText('Comment')).toHaveValue('');
  });

  it("shows the API's refusal", async () => {
    mockFetch({
      'POST /api/products/p1/reviews': () => ({ status: 400, body: { message: 'Product already reviewed' } }),
    });
    const { user } = renderAt(<ReviewForm productId="p1" />);
    await user.selectOptions(screen.getByLabelText('Rating'), '5');
    await user.type(screen.getByLabelText('Comment'), 'Again');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product already reviewed');
  });
});
