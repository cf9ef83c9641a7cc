import type { ReviewInput } from '@domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { reviewCreate } from '@/lib/endpoints.gen';
import { productKeys } from '@/lib/queryKeys';

/** POST /api/products/:id/reviews (signed in): rating 1-5 and a comment. 400 'Product already reviewed' on a second one. */
export function createReview(productId: string, review: ReviewInput): Promise<{ message: string }> {
  return call(reviewCreate, { params: { id: productId }, body: review });
}

export function useCreateReview(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewInput) => createReview(productId, review),
    // The product (its reviews, rating) and every list showing its rating are reloaded.
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}
