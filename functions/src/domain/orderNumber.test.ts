import { describe, expect, it } from 'vitest';
import { orderNumber } from './orders.js';

describe('orderNumber', () => {
  it("is the id's last 6 characters, upper-cased (a 24-hex id and a Firestore id)", () => {
    expect(orderNumber('65f1a2b3c4d5e6f7a8c595d7')).toBe('C595D7');
    expect(orderNumber('Xy7PqR2sTu9vWz3aBc4d')).toBe('3ABC4D');
  });
});
