// The guest order status document's id (issue 37): the web hashes the token as the function does
// (functions/src/adapters/firebase/store/orderStatus.ts orderStatusId: SHA-256, hex).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderStatusIdOf } from './orders';

describe('orderStatusIdOf', () => {
  it('is the SHA-256 of the guest token, hex, as the store names the document', async () => {
    const token = 'o1abc.c2lnbmF0dXJl';
    expect(await orderStatusIdOf(token)).toBe(createHash('sha256').update(token).digest('hex'));
  });
});
