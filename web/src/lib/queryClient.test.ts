import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { clearUserData, createQueryClient, shouldRetry } from './queryClient';
import { adminKeys, orderKeys, productKeys, userKeys } from './queryKeys';

describe('query client', () => {
  it("drops the signed-in user's data on sign-out and keeps the catalogue", () => {
    const client = createQueryClient();
    client.setQueryData(orderKeys.mine(), []);
    client.setQueryData(orderKeys.detail('o1'), { _id: 'o1' });
    client.setQueryData(userKeys.list(), []);
    client.setQueryData(adminKeys.stats(), {});
    client.setQueryData(productKeys.list({}), { products: [] });
    clearUserData(client);
    expect(client.getQueryData(orderKeys.mine())).toBeUndefined();
    expect(client.getQueryData(orderKeys.detail('o1'))).toBeUndefined();
    expect(client.getQueryData(userKeys.list())).toBeUndefined();
    expect(client.getQueryData(adminKeys.stats())).toBeUndefined();
    expect(client.getQueryData(productKeys.list({ keyword: '', pageNumber: 1 }))).toEqual({ products: [] });
  });

  it('never retries an answer (4xx), retries a glitch once', () => {
    expect(shouldRetry(0, new ApiError('Not found', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('Server error', 500))).toBe(true);
    expect(shouldRetry(1, new ApiError('Server error', 500))).toBe(false);
  });
});
