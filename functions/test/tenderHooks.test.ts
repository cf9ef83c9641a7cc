// Issue 39: the place-order bodies and the tenders an order asks derive from the modules' tender hooks
// (modules/tenderHooks.ts): each hook's body field, its ref for the caller, its refusal.
import { describe, expect, it } from 'vitest';
import { guestOrderBodySchema, placeOrderBodySchema } from '../src/api/endpoints.js';
import { DomainError, guestOrderSchema, placeOrderSchema } from '../src/domain/index.js';
import { askedTenders, type TenderHook } from '../src/domain/tenders.js';
import { TENDER_HOOKS } from '../src/modules/tenderHooks.js';

const CODE = 'ABCDEFGHJKLMNPQR';
const body = {
  orderItems: [{ product: 'a'.repeat(24), qty: 1 }],
  shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'United States' },
};

describe('the tender hooks’ place-order fields', () => {
  it('the bodies are the domain’s fields and each hook’s field, nothing else', () => {
    const fields = TENDER_HOOKS.flatMap((h) => (h.field ? [h.field.name] : []));
    expect(fields.sort()).toEqual(['giftCardCode', 'useStoreCredit']);
    expect(Object.keys(placeOrderBodySchema.shape).sort()).toEqual(
      [...Object.keys(placeOrderSchema.shape), ...fields].sort(),
    );
    expect(Object.keys(guestOrderBodySchema.shape).sort()).toEqual(
      [...Object.keys(guestOrderSchema.shape), ...fields].sort(),
    );
    expect(placeOrderBodySchema.safeParse({ ...body, giftCardPin: '1234' }).success).toBe(false);
  });

  it('reads the fields into the tenders asked: store credit first, then the card (the code normalised)', () => {
    const input = placeOrderBodySchema.parse({ ...body, giftCardCode: ' abcd-efgh jklm-npqr ', useStoreCredit: true });
    expect(askedTenders(TENDER_HOOKS, input, 'u1')).toEqual([
      { kind: 'storeCredit', ref: 'u1' },
      { kind: 'giftCard', ref: CODE },
    ]);
    // The hooks' own order does not matter: the domain's TENDER_ASK_ORDER does.
    expect(askedTenders([...TENDER_HOOKS].reverse(), input, 'u1').map((t) => t.kind)).toEqual([
      'storeCredit',
      'giftCard',
    ]);
  });

  it('asks nothing for absent, empty or false fields', () => {
    for (const extra of [{}, { giftCardCode: '  ' }, { useStoreCredit: false }]) {
      const input = placeOrderBodySchema.parse({ ...body, ...extra });
      expect(askedTenders(TENDER_HOOKS, input, 'u1')).toEqual([]);
      expect(askedTenders(TENDER_HOOKS, input, null)).toEqual([]);
    }
  });

  it('refuses a guest’s order asking for store credit, never crediting another account', () => {
    const input = guestOrderBodySchema.parse({ ...body, email: 'g@example.com', useStoreCredit: true });
    const refusal = (() => {
      try {
        askedTenders(TENDER_HOOKS, input, null);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).message).toBe('A guest order cannot use store credit');
    // A card alone is a guest's to spend.
    const card = guestOrderBodySchema.parse({ ...body, email: 'g@example.com', giftCardCode: CODE });
    expect(askedTenders(TENDER_HOOKS, card, null)).toEqual([{ kind: 'giftCard', ref: CODE }]);
  });

  it('refuses a field of the wrong type at parsing, with its message', () => {
    const r = placeOrderBodySchema.safeParse({ ...body, useStoreCredit: 'yes' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('useStoreCredit must be true or false');
    expect(placeOrderBodySchema.safeParse({ ...body, giftCardCode: 'ab$cd' }).success).toBe(false);
  });

  it('a hook without a field is never asked by a body', () => {
    const silent: TenderHook = { ...TENDER_HOOKS[0]!, field: undefined };
    expect(askedTenders([silent], { useStoreCredit: true, giftCardCode: CODE }, 'u1')).toEqual([]);
  });
});
