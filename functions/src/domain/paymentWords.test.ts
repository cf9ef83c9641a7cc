import { describe, expect, it } from 'vitest';
import { ledgerPayments } from './ledger.js';
import { paymentLines, providerWord, refundDestinations, tenderWord } from './paymentWords.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('paymentLines: who paid the total, as the invoice and the mails say it', () => {
  const order = {
    totalCents: 10_000,
    tenders: [
      { kind: 'giftCard', amountCents: 2_500, refundedCents: 500 },
      { kind: 'storeCredit', amountCents: 1_000, refundedCents: 0 },
    ],
    refunds: [
      { status: 'completed', amountCents: 500, parts: [{ kind: 'giftCard', amountCents: 500 }] },
      { status: 'completed', amountCents: 700, parts: [{ kind: 'storeCredit', amountCents: 700, credit: true }] },
    ],
  };

  it('each tender taken off, then the rest: paid with the provider, or due; the lines add up to the total', () => {
    const paid = paymentLines(ledgerPayments(order), true, 'PayPal');
    expect(paid).toEqual([
      { key: 'tender-giftCard-0', label: 'Paid by gift card', cents: -2_500 },
      { key: 'tender-storeCredit-1', label: 'Paid by store credit', cents: -1_000 },
      { key: 'provider', label: 'Paid with PayPal', cents: 6_500 },
    ]);
    // A credit refunds went to paid nothing: never a "Paid by" line.
    expect(paid.filter((l) => l.label.startsWith('Paid by'))).toHaveLength(2);
    expect(10_000 + paid[0]!.cents + paid[1]!.cents).toBe(paid[2]!.cents);
    expect(paymentLines(ledgerPayments(order), false, 'PayPal').at(-1)).toEqual({
      key: 'provider',
      label: 'Amount due',
      cents: 6_500,
    });
  });

  it('none without a tender; no rest line when the tenders paid it all', () => {
    expect(paymentLines(ledgerPayments({ totalCents: 10_000 }), true, 'PayPal')).toEqual([]);
    const covered = { totalCents: 10_000, tenders: [{ kind: 'giftCard', amountCents: 10_000, refundedCents: 0 }] };
    expect(paymentLines(ledgerPayments(covered), true, 'PayPal')).toEqual([
      { key: 'tender-giftCard-0', label: 'Paid by gift card', cents: -10_000 },
    ]);
  });
});

describe('the words', () => {
  it('names tenders, the provider as it charged, and where a refund went', () => {
    expect(tenderWord('giftCard')).toBe('gift card');
    expect(tenderWord('voucher')).toBe('voucher');
    expect(providerWord({ paymentMethod: 'PayPal', paymentResult: { id: 'X', provider: 'simulated' } })).toBe(
      'test payment',
    );
    expect(providerWord({ paymentMethod: 'PayPal', paymentResult: { id: 'SIMULATED-1' } as never })).toBe(
      'test payment',
    );
    expect(providerWord({ paymentMethod: 'PayPal', paymentResult: { id: '8AB', provider: 'paypal' } })).toBe('PayPal');
    expect(providerWord({ paymentMethod: 'PayPal', paymentResult: null })).toBe('PayPal');
    expect(refundDestinations({ amountCents: 300 }, 'PayPal', money)).toBe('to PayPal');
    expect(
      refundDestinations({ amountCents: 500, parts: [{ kind: 'giftCard', amountCents: 500 }] }, 'PayPal', money),
    ).toBe('to gift card');
    expect(
      refundDestinations(
        {
          amountCents: 1_200,
          parts: [
            { kind: 'giftCard', amountCents: 500 },
            { kind: 'storeCredit', amountCents: 300, credit: true },
          ],
        },
        'PayPal',
        money,
      ),
    ).toBe('$4.00 to PayPal, $5.00 to gift card, $3.00 to store credit');
  });
});
