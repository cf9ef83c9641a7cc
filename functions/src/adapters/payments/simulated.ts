import { randomBytes } from 'node:crypto';
import {
  badInput,
  conflict,
  TEST_PAYMENT_MODE_MESSAGE,
  testPaymentSchema,
  toAmountString,
  unavailable,
  type PaymentResult,
} from '../../domain/index.js';
import {
  systemClock,
  type CaptureCheck,
  type Clock,
  type PartRefund,
  type PaymentGateway,
  type ProviderCapture,
} from '../../ports.js';

/**
 * Test payments for development and demos, used when no PayPal credentials are configured.
 * Takes only the shop's own labelled test payment (TEST_PAYMENT), always for the exact order total; anything
 * else, a PayPal capture included, is refused, so nobody mistakes this mode for a working checkout.
 * Refused outright in production so no real order is "paid" by it.
 */
export class SimulatedGateway implements PaymentGateway {
  /** In production this gateway takes nothing: the shop says it cannot take payments ('unavailable'). */
  readonly mode: 'simulated' | 'unavailable';
  readonly clientId = '';

  constructor(
    private readonly production: boolean,
    private readonly clock: Clock = systemClock,
  ) {
    this.mode = production ? 'unavailable' : 'simulated';
  }

  async verifyCapture(check: CaptureCheck): Promise<PaymentResult> {
    if (this.production) throw unavailable('Test payments are disabled in production');
    if (!testPaymentSchema.safeParse(check.payload).success) throw badInput(TEST_PAYMENT_MODE_MESSAGE);
    return {
      id: `SIMULATED-${randomBytes(8).toString('hex').toUpperCase()}`,
      provider: 'simulated',
      status: 'COMPLETED',
      amount: toAmountString(check.totalCents),
      currency: check.currency,
      email: undefined,
      updateTime: this.clock.now().toISOString(),
    };
  }

  async createOrder(): Promise<string> {
    throw badInput(TEST_PAYMENT_MODE_MESSAGE);
  }

  async capture(): Promise<ProviderCapture> {
    throw badInput(TEST_PAYMENT_MODE_MESSAGE);
  }

  async findCapture(): Promise<ProviderCapture | null> {
    return null; // no provider: nothing was ever captured
  }

  async refund(): Promise<void> {
    throw badInput(TEST_PAYMENT_MODE_MESSAGE);
  }

  /** A test refund: no money moved (none was taken); the order records it with this id like a real one. */
  async refundPart(payment: PaymentResult, refund: PartRefund): Promise<{ providerRefundId: string }> {
    if (this.production) throw unavailable('Test payments are disabled in production');
    if (payment.provider !== 'simulated') throw conflict('This order was not paid with a test payment');
    return { providerRefundId: `SIMULATED-REFUND-${refund.refundId}` };
  }
}
