import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { ledgerPayments } from './ledger.js';
import type { RefundRecord } from './orderMoney.js';
import type { OrderRecord } from './orders.js';
import {
  providerDueCents,
  providerLeftCents,
  releasedTenders,
  splitRefund,
  isCreditKind,
  TENDER_KINDS,
  TENDER_PRICE_FIELDS,
  tenderLabel,
  tenderWord,
  tenderPrices,
  tenderShare,
  tendersAfterRefund,
  withTenders,
  type Tender,
} from './tenders.js';

const card = (amountCents: number, refundedCents = 0): Tender => ({
  kind: 'giftCard',
  ref: 'CARD',
  amountCents,
  refundedCents,
});
const base = {
  totalCents: 10_000,
  createdAt: '2026-01-01T00:00:00.000Z',
  status: 'awaiting_payment',
  paidAt: null,
} as OrderRecord;
const refund = (amountCents: number, parts?: RefundRecord['parts'], status: RefundRecord['status'] = 'completed') =>
  ({ id: String(amountCents), amountCents, status, parts }) as RefundRecord;
const noCredits = { kinds: [], ref: null };

describe('tenders', () => {
  it('a share is never below 0 nor above what is due or held', () => {
    expect(tenderShare(500, 2_000)).toBe(500);
    expect(tenderShare(5_000, 2_000)).toBe(2_000);
    expect(tenderShare(5_000, -3)).toBe(0);
    expect(tenderShare(-5, 100)).toBe(0);
  });

  it('an order its tenders cover is paid at placement; a part leaves the rest to the provider', () => {
    const covered = withTenders(base, [card(10_000)]);
    expect(covered.status).toBe('paid');
    expect(covered.paidAt).toBe(base.createdAt);
    const part = withTenders(base, [card(2_500)]);
    expect(part.status).toBe('awaiting_payment');
    expect(providerDueCents(part)).toBe(7_500);
    expect(() => withTenders(base, [card(10_001)])).toThrow();
  });

  it('a release gives every tender back in full', () => {
    expect(releasedTenders({ tenders: [card(2_500)] })).toEqual([card(2_500, 2_500)]);
  });

  it('an order with no account to credit (a guest, a deleted account) never refunds to store credit, not even to the credit it spent', () => {
    const credit: Tender = { kind: 'storeCredit', ref: 'uid-1', amountCents: 3_000, refundedCents: 0 };
    const order = { ...base, status: 'paid', tenders: [credit, card(2_000)], refunds: [] } as OrderRecord;
    const gone = { kinds: ['storeCredit'], ref: null };
    expect(() => splitRefund(order, 100, 'storeCredit', gone)).toThrow('cannot be refunded');
    // The default split: the provider's 5,000, then the card's 2,000; the credit spent went with the account.
    expect(splitRefund(order, 7_000, undefined, gone)).toEqual([{ kind: 'giftCard', ref: 'CARD', amountCents: 2_000 }]);
    expect(() => splitRefund(order, 7_001, undefined, gone)).toThrow('At most 70.00');
    // With its account, the same refund goes back onto the credit it spent.
    expect(splitRefund(order, 10_000, undefined, { kinds: ['storeCredit'], ref: 'uid-1' })).toEqual([
      { kind: 'storeCredit', ref: 'uid-1', amountCents: 3_000 },
      { kind: 'giftCard', ref: 'CARD', amountCents: 2_000 },
    ]);
  });

  it('a refund goes to the provider first, then the card; never more to one than it paid', () => {
    const order = { ...base, status: 'paid', tenders: [card(4_000)], refunds: [] } as OrderRecord;
    expect(splitRefund(order, 6_000, undefined, noCredits)).toEqual([]);
    expect(splitRefund(order, 7_000, undefined, noCredits)).toEqual([
      { kind: 'giftCard', ref: 'CARD', amountCents: 1_000 },
    ]);
    expect(splitRefund(order, 4_000, 'giftCard', noCredits)).toEqual([
      { kind: 'giftCard', ref: 'CARD', amountCents: 4_000 },
    ]);
    expect(() => splitRefund(order, 4_001, 'giftCard', noCredits)).toThrow(DomainError);
    expect(() => splitRefund(order, 6_001, 'provider', noCredits)).toThrow(DomainError);
    expect(() => splitRefund(order, 100, 'bitcoin', noCredits)).toThrow(DomainError);
    const refunded = {
      ...order,
      refunds: [refund(3_000, [{ kind: 'giftCard', ref: 'CARD', amountCents: 3_000 }], 'pending')],
    };
    expect(() => splitRefund(refunded, 1_001, 'giftCard', noCredits)).toThrow(DomainError);
    expect(providerLeftCents(refunded)).toBe(6_000);
  });

  it('a credit takes any money onto the account, never a guest', () => {
    const order = { ...base, status: 'paid', refunds: [] } as OrderRecord;
    expect(splitRefund(order, 500, 'storeCredit', { kinds: ['storeCredit'], ref: 'u1' })).toEqual([
      { kind: 'storeCredit', ref: 'u1', amountCents: 500, credit: true },
    ]);
    expect(() => splitRefund(order, 500, 'storeCredit', { kinds: ['storeCredit'], ref: null })).toThrow(DomainError);
  });

  it('a completed refund counts on its tender, and the ledger shows who paid and got back what', () => {
    const parts = [{ kind: 'giftCard', ref: 'CARD', amountCents: 1_000 }];
    const order = { ...base, tenders: [card(4_000)] };
    expect(tendersAfterRefund(order, refund(1_500, parts))).toEqual([card(4_000, 1_000)]);
    const credit = [{ kind: 'storeCredit', ref: 'u1', amountCents: 200, credit: true as const }];
    expect(
      ledgerPayments({
        totalCents: 10_000,
        tenders: [card(4_000, 1_000)],
        refunds: [refund(1_500, parts), refund(200, credit)],
      }),
    ).toEqual([
      { kind: 'provider', paidCents: 6_000, refundedCents: 500 },
      { kind: 'giftCard', paidCents: 4_000, refundedCents: 1_000 },
      { kind: 'storeCredit', paidCents: 0, refundedCents: 200, credit: true },
    ]);
  });

  it('answers each kind with a price field what it paid, in dollars, and 0 without one (issue 39)', () => {
    const credit: Tender = { kind: 'storeCredit', ref: 'u1', amountCents: 1_234, refundedCents: 0 };
    expect(tenderPrices({ tenders: [card(2_500, 500), credit, { ...card(1_001), ref: 'OTHER' }] })).toEqual({
      giftCardPrice: 35.01,
    });
    expect(tenderPrices({})).toEqual({ giftCardPrice: 0 });
    // One field per kind, never two kinds answering the same field.
    const fields = Object.values(TENDER_PRICE_FIELDS);
    expect(new Set(fields).size).toBe(fields.length);
  });

  it('says each kind as it is declared once, and an undeclared kind as itself (issue 39, TENDER_KINDS)', () => {
    expect(tenderWord('giftCard')).toBe('gift card');
    expect(tenderLabel('storeCredit')).toBe('Store credit');
    expect(isCreditKind('storeCredit')).toBe(true);
    expect(isCreditKind('giftCard')).toBe(false);
    expect([tenderWord('voucher'), tenderLabel('voucher'), isCreditKind('voucher')]).toEqual([
      'voucher',
      'Voucher',
      false,
    ]);
    // Every declared kind has words, and the price fields are the declared ones.
    for (const [kind, k] of Object.entries(TENDER_KINDS)) {
      expect(tenderWord(kind)).toBe(k.word);
      expect(k.word).toMatch(/^[a-z][a-z ]*$/);
    }
    expect(Object.entries(TENDER_PRICE_FIELDS)).toEqual(
      Object.entries(TENDER_KINDS).flatMap(([kind, k]) => ('priceField' in k ? [[kind, k.priceField]] : [])),
    );
  });
});
