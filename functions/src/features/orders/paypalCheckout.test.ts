// The refund rule of captureAndMarkPaid with a store that fails in ways a real one rarely does on demand.
import { describe, expect, it, vi } from 'vitest';
import { conflict, type Order, type PaymentResult } from '../../domain/index.js';
import type { PaymentGateway, ProviderCapture, Store } from '../../ports.js';
import { paypalCheckout } from './paypalCheckout.js';

const order = {
  _id: 'order1',
  user: { _id: 'u1', name: 'A', email: 'a@b.c' },
  totalPrice: 123.45,
  currency: 'USD',
  isPaid: false,
  paymentResult: null,
  status: 'awaiting_payment',
} as unknown as Order;

const payment: PaymentResult = {
  id: 'CAP-1',
  provider: 'paypal',
  status: 'COMPLETED',
  amount: '123.45',
  currency: 'USD',
  updateTime: 't',
};

/** The store's orders as these cases need them; by default no order records any capture. */
type OrdersStub = Pick<Store['orders'], 'markPaid' | 'get'> & Partial<Pick<Store['orders'], 'paidWith'>>;

function setup(store: OrdersStub, captured: ProviderCapture = { payment, shopOrderId: 'order1' }) {
  const payments = {
    capture: vi.fn(async () => captured),
    refund: vi.fn(async () => undefined),
  } as unknown as PaymentGateway & { refund: ReturnType<typeof vi.fn> };
  const log = { warn: vi.fn(), error: vi.fn() };
  const run = () =>
    paypalCheckout(
      { store: { orders: { paidWith: async () => null, ...store } } as unknown as Store, payments },
      log,
    ).captureAndMarkPaid(order, 'PAYPAL-1', new Date());
  return { payments, log, run };
}

describe('captureAndMarkPaid', () => {
  it('a store error while marking paid: the capture is refunded, a 409 says so, the error is logged', async () => {
    const { payments, log, run } = setup({
      markPaid: async () => Promise.reject(new Error('SQLITE_BUSY')),
      get: async () => order,
    });
    await expect(run()).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/^Your PayPal payment was refunded: .*could not record/),
    });
    expect(payments.refund).toHaveBeenCalledWith(payment, { orderId: 'order1', totalCents: 12345, currency: 'USD' });
    expect(log.error).toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('refunded capture CAP-1'));
  });

  it('the store cannot even read the order back: no refund (it may be paid), a 503 asking to retry', async () => {
    const { payments, run } = setup({
      markPaid: async () => Promise.reject(new Error('disk I/O')),
      get: async () => Promise.reject(new Error('disk I/O')),
    });
    await expect(run()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(payments.refund).not.toHaveBeenCalled();
  });

  it('the order turns out paid with this very capture (a concurrent call): success, no refund', async () => {
    const paid = { ...order, isPaid: true, paymentResult: payment } as Order;
    const { payments, run } = setup({
      markPaid: async () => Promise.reject(conflict('Order is already paid')),
      get: async () => paid,
    });
    await expect(run()).resolves.toBe(paid);
    expect(payments.refund).not.toHaveBeenCalled();
  });

  it('paid with another capture meanwhile: this one is refunded', async () => {
    const paid = { ...order, isPaid: true, paymentResult: { ...payment, id: 'CAP-OTHER' } } as Order;
    const { payments, run } = setup({
      markPaid: async () => Promise.reject(conflict('Order is already paid')),
      get: async () => paid,
    });
    await expect(run()).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/refunded.*Order is already paid/),
    });
    expect(payments.refund).toHaveBeenCalledTimes(1);
  });

  it('a capture of this order for another amount or currency, or not completed, is never marked paid: refunded', async () => {
    for (const captured of <ProviderCapture[]>[
      { payment: { ...payment, amount: '123.44' }, shopOrderId: 'order1' },
      { payment: { ...payment, currency: 'EUR' }, shopOrderId: 'order1' },
      { payment: { ...payment, status: 'PENDING' }, shopOrderId: 'order1' },
    ]) {
      const markPaid = vi.fn(async () => order);
      const { payments, run } = setup({ markPaid, get: async () => order }, captured);
      await expect(run()).rejects.toMatchObject({
        kind: 'conflict',
        message: expect.stringMatching(/^Your PayPal payment was refunded/),
      });
      expect(markPaid).not.toHaveBeenCalled();
      expect(payments.refund).toHaveBeenCalledTimes(1);
    }
  });

  it('a capture another order records (used there meanwhile): never refunded by this order, a 409 saying so', async () => {
    const { payments, log, run } = setup({
      markPaid: async () => Promise.reject(conflict('This payment was already used for an order')),
      get: async () => order,
      paidWith: async () => 'order2',
    });
    await expect(run()).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.not.stringMatching(/refunded/),
    });
    expect(payments.refund).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/CAP-1.*not refunded.*order2/));
  });

  it('a capture made for another shop order (custom_id) or for none: never marked paid here, never refunded here', async () => {
    for (const shopOrderId of ['order2', undefined]) {
      const markPaid = vi.fn(async () => order);
      const { payments, run } = setup({ markPaid, get: async () => order }, { payment, shopOrderId });
      await expect(run()).rejects.toMatchObject({
        kind: 'conflict',
        message: expect.stringMatching(/another order/),
      });
      expect(markPaid).not.toHaveBeenCalled();
      expect(payments.refund).not.toHaveBeenCalled();
    }
  });

  it('the refund itself fails: a 503 naming the capture, and an error log for a human', async () => {
    const { payments, log, run } = setup({
      markPaid: async () => Promise.reject(conflict('Order has expired')),
      get: async () => order,
    });
    (payments.refund as ReturnType<typeof vi.fn>).mockRejectedValue(new Error('PayPal down'));
    await expect(run()).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringContaining('CAP-1') });
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('REFUND FAILED: capture CAP-1'), expect.any(Error));
  });
});

describe('settleRefusedCapture (capture asked for an order that can no longer be paid)', () => {
  const expired = conflict('Order has expired');
  function stranded(found: ProviderCapture | null | Error, stored: Order = order, paidWith: string | null = null) {
    const payments = {
      findCapture: vi.fn(async () => {
        if (found instanceof Error) throw found;
        return found;
      }),
      refund: vi.fn(async () => undefined),
    } as unknown as PaymentGateway & { refund: ReturnType<typeof vi.fn> };
    const log = { warn: vi.fn(), error: vi.fn() };
    const run = (body: unknown = { paypalOrderId: 'PAYPAL-1' }) =>
      paypalCheckout(
        {
          store: { orders: { get: async () => stored, paidWith: async () => paidWith } } as unknown as Store,
          payments,
        },
        log,
      ).settleRefusedCapture(stored, body, expired);
    return { payments, run };
  }

  it('refunds a completed capture for this order that the order does not carry, and answers 409 refunded', async () => {
    const { payments, run } = stranded({ payment, shopOrderId: 'order1' });
    await expect(run()).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Your PayPal payment was refunded: it could not be used for this order. Order has expired',
    });
    expect(payments.refund).toHaveBeenCalledWith(payment, { orderId: 'order1', totalCents: 12345, currency: 'USD' });
  });

  it('refunds nothing when another order records that capture', async () => {
    const { payments, run } = stranded({ payment, shopOrderId: 'order1' }, order, 'order2');
    await expect(run()).resolves.toBeNull();
    expect(payments.refund).not.toHaveBeenCalled();
  });

  it('a replay: the order carries that very capture, so it answers the paid order and refunds nothing', async () => {
    const paid = { ...order, isPaid: true, paymentResult: payment } as Order;
    const { payments, run } = stranded({ payment, shopOrderId: 'order1' }, paid, 'order1');
    await expect(run()).resolves.toBe(paid);
    expect(payments.refund).not.toHaveBeenCalled();
  });

  it('refunds nothing when the capture is another order’s, there is none, PayPal cannot tell, or the body is no PayPal order id', async () => {
    for (const [found, stored, body] of [
      [{ payment, shopOrderId: 'order2' }, order, undefined],
      [{ payment, shopOrderId: undefined }, order, undefined],
      [null, order, undefined],
      [new Error('PayPal down'), order, undefined],
      [{ payment, shopOrderId: 'order1' }, order, { paypalOrderId: '../x' }],
    ] as [ProviderCapture | null | Error, Order, unknown][]) {
      const { payments, run } = stranded(found, stored);
      await expect(run(body)).resolves.toBeNull();
      expect(payments.refund).not.toHaveBeenCalled();
    }
  });
});
