// The simulated gateway's test refunds (issue 28): recorded like a real one, never for a real payment, never in
// production.
import { describe, expect, it } from 'vitest';
import type { PaymentResult } from '../../domain/index.js';
import { SimulatedGateway } from './simulated.js';

const payment = (provider: PaymentResult['provider']): PaymentResult => ({
  id: 'SIMULATED-ABC',
  provider,
  status: 'COMPLETED',
  amount: '10.00',
  currency: 'USD',
  updateTime: '2026-03-01T10:00:00.000Z',
});
const refund = { refundId: 'r1', orderId: 'o1', amountCents: 500, currency: 'USD', note: 'test' };

describe('SimulatedGateway.refundPart', () => {
  it('records a test refund with an id of its own for a test payment', async () => {
    expect(await new SimulatedGateway(false).refundPart(payment('simulated'), refund)).toEqual({
      providerRefundId: 'SIMULATED-REFUND-r1',
    });
  });

  it('refuses a PayPal payment (conflict) and anything in production (unavailable)', async () => {
    await expect(new SimulatedGateway(false).refundPart(payment('paypal'), refund)).rejects.toMatchObject({
      kind: 'conflict',
    });
    await expect(new SimulatedGateway(true).refundPart(payment('simulated'), refund)).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});
