import type { Config } from '../../config.js';
import { systemClock, type Clock, type PaymentGateway } from '../../ports.js';
import { PayPalGateway } from './paypal.js';
import { SimulatedGateway } from './simulated.js';

/** The one gateway rule, for both backends: PayPal when the client id AND the secret are set, else clearly labelled
 *  test payments (refused in production). The secret stays a function: it is read again on each OAuth call. */
export function paymentGateway(
  { paypal, production }: Pick<Config, 'paypal' | 'production'>,
  clock: Clock = systemClock,
): PaymentGateway {
  if (paypal.clientId && paypal.secret()) return new PayPalGateway(paypal);
  return new SimulatedGateway(production, clock);
}
