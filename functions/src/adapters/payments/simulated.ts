import { randomBytes } from 'node:crypto';
import { toAmountString, unavailable, type PaymentResult } from '../../domain/index.js';
import type { CaptureCheck, PaymentGateway } from '../../ports.js';

/**
 * Test payments for development and demos, used when no PayPal credentials are configured.
 * Always for the exact order total; refused outright in production so no real order is "paid" by it.
 */
export class SimulatedGateway implements PaymentGateway {
  readonly mode = 'simulated' as const;
  readonly clientId = '';

  constructor(private readonly production: boolean) {}

  async verifyCapture(check: CaptureCheck): Promise<PaymentResult> {
    if (this.production) throw unavailable('Test payments are disabled in production');
    return {
      id: `SIMULATED-${randomBytes(8).toString('hex').toUpperCase()}`,
      provider: 'simulated',
      status: 'COMPLETED',
      amount: toAmountString(check.totalCents),
      currency: check.currency,
      email: undefined,
      updateTime: new Date().toISOString(),
    };
  }
}
