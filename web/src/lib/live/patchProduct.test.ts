import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { productKeys } from '@/lib/queryKeys';
import { patchProduct } from './hooks';

describe('patchProduct (a live change to a product)', () => {
  it('an answer asked before the change and landing after it does not put the old stock back', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = productKeys.detail('p1');
    let stock = 20; // the server's stock; a fetch answers what it was when it was asked
    const answers: ((v: unknown) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => {
        const asked = stock;
        return new Promise((resolve) => answers.push(() => resolve({ _id: 'p1', countInStock: asked })));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    answers.shift()!(undefined);
    await expect.poll(() => client.getQueryData<{ countInStock: number }>(key)?.countInStock).toBe(20);

    // A resync asks again; the stock changes meanwhile and its live event arrives before that answer.
    void client.invalidateQueries({ queryKey: key });
    await expect.poll(() => answers.length).toBe(1);
    const stale = answers.shift()!;
    stock = 0;
    patchProduct(client, { _id: 'p1', countInStock: 0 } as never);
    stale(undefined); // the old answer lands now
    await expect.poll(() => answers.length).toBe(1); // asked again after the change
    answers.shift()!(undefined);
    await expect.poll(() => client.getQueryData<{ countInStock: number }>(key)?.countInStock).toBe(0);
    await new Promise((r) => setTimeout(r, 20));
    expect(client.getQueryData<{ countInStock: number }>(key)?.countInStock).toBe(0);
    unsubscribe();
  });

  it('puts a variant’s new stock on that variant, and on the product when it is the default (issue 29)', () => {
    const client = new QueryClient();
    const key = productKeys.detail('p1');
    client.setQueryData(key, {
      _id: 'p1',
      countInStock: 5,
      variants: [
        { _id: 'v1', countInStock: 5 },
        { _id: 'v2', countInStock: 2 },
      ],
    });
    patchProduct(client, { _id: 'p1', variantStock: { v2: 1 } });
    patchProduct(client, { _id: 'p1', variantStock: { v1: 4 } });
    expect(client.getQueryData(key)).toEqual({
      _id: 'p1',
      countInStock: 4,
      variants: [
        { _id: 'v1', countInStock: 4 },
        { _id: 'v2', countInStock: 1 },
      ],
    });
  });
});
