import {
  amountMismatch,
  badInput,
  conflict,
  MADE_FOR_ANOTHER_ORDER,
  namesAnotherOrder,
  providerOrderMismatch,
  toAmountString,
  unavailable,
  type PaymentOrder,
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

export interface PayPalSettings {
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (or a fake in tests). */
  baseUrl: string;
  clientId: string;
  /** Read at request time, so a secret manager can rotate it. */
  secret: () => string;
  timeoutMs: number;
}

interface PayPalCapture {
  id?: string;
  status?: string;
  amount?: { value?: string; currency_code?: string };
  custom_id?: string;
  update_time?: string;
}

interface PayPalOrder {
  id?: string;
  status?: string;
  payer?: { email_address?: string };
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: { value?: string; currency_code?: string };
    payments?: { captures?: PayPalCapture[] };
  }[];
}

interface PayPalError {
  name?: string;
  details?: { issue?: string }[];
}

/** Tries again once on unavailable (a refund must go through; its request id makes the retry safe). */
const REFUND_ATTEMPTS = 2;

/**
 * PayPal's REST API (OAuth client credentials). The server-side flow: POST /v2/checkout/orders for the stored
 * total, POST .../capture after the buyer approved (PayPal-Request-Id = the shop order id, so a retried capture
 * answers the same capture and never charges twice), POST /v2/payments/captures/:id/refund when the shop cannot
 * use the capture. The original clients' flow: GET /v2/checkout/orders/:id to verify what the browser captured.
 * Nothing the browser says about a payment is trusted: status, amount and currency come from PayPal.
 */
export class PayPalGateway implements PaymentGateway {
  readonly mode = 'paypal' as const;
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly settings: PayPalSettings,
    private readonly clock: Clock = systemClock,
  ) {}

  get clientId() {
    return this.settings.clientId;
  }

  private async call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(new URL(path, this.settings.baseUrl), {
        ...init,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError';
      throw unavailable(
        timedOut
          ? 'PayPal did not answer in time. Your order is unchanged; please try again in a moment.'
          : 'PayPal could not be reached. Your order is unchanged; please try again in a moment.',
      );
    }
  }

  /** PayPal's JSON; anything else (an HTML error page from a proxy, a cut-off body) is PayPal being unavailable. */
  private async json<T>(res: Response): Promise<T> {
    const body: unknown = await res.json().catch(() => null);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw unavailable('PayPal sent an unreadable answer. Your order is unchanged; please try again in a moment.');
    }
    return body as T;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.secret()}`).toString('base64');
    const res = await this.call('/v1/oauth2/token', {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok)
      throw unavailable('The shop could not sign in to PayPal. Your order is unchanged; please try again later.');
    const body = await this.json<{ access_token?: string; expires_in?: number }>(res);
    if (!body.access_token) throw unavailable('PayPal answered without an access token. Please try again later.');
    this.token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 };
    return body.access_token;
  }

  async verifyCapture(check: CaptureCheck): Promise<PaymentResult> {
    const payload = check.payload as { id?: unknown } | null | undefined;
    const paypalOrderId = typeof payload?.id === 'string' ? payload.id : '';
    if (!/^[A-Za-z0-9-]{1,64}$/.test(paypalOrderId)) throw badInput('Payment details must include the PayPal order id');

    const order = await this.readOrder(paypalOrderId);
    if (!order) throw badInput('PayPal does not know this payment');

    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (order.status !== 'COMPLETED' || capture?.status !== 'COMPLETED' || !capture.id) {
      throw conflict('PayPal has not completed this payment; nothing was charged to the order');
    }
    // The shop's own PayPal orders name their shop order in both; a capture's custom_id is copied from its unit.
    if (namesAnotherOrder(check.orderId, [unit?.reference_id, unit?.custom_id, capture.custom_id])) {
      throw conflict(`${MADE_FOR_ANOTHER_ORDER}; this order is unchanged`);
    }
    const mismatch = amountMismatch(check, { value: capture.amount?.value, currency: capture.amount?.currency_code });
    if (mismatch) throw conflict(mismatch);
    return paymentResult(order, capture, capture.id, capture.status, this.clock.now());
  }

  async createOrder(order: PaymentOrder): Promise<string> {
    const res = await this.call('/v2/checkout/orders', {
      method: 'POST',
      headers: await this.jsonHeaders(),
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            // All three carry the shop order id: reference_id for PUT /pay's check, custom_id for capture's check,
            // invoice_id so PayPal itself refuses to take a second payment for the same shop order.
            reference_id: order.orderId,
            custom_id: order.orderId,
            invoice_id: order.orderId,
            description: `Voltshop order ${order.orderId}`,
            amount: { currency_code: order.currency, value: toAmountString(order.totalCents) },
          },
        ],
      }),
    });
    if (!res.ok) {
      const error = (await res.json().catch(() => null)) as PayPalError | null;
      if (res.status === 422 || res.status === 400) {
        throw conflict(`PayPal refused to start this payment (${issueOf(error)}). Your order is unchanged.`);
      }
      throw unavailable(
        'PayPal could not start the payment right now. Your order is unchanged; please try again in a moment.',
      );
    }
    const created = await this.json<PayPalOrder>(res);
    if (typeof created.id !== 'string' || !created.id)
      throw unavailable('PayPal answered without an order id. Please try again.');
    return created.id;
  }

  async capture(order: PaymentOrder, providerOrderId: string): Promise<ProviderCapture> {
    // Read first: a PayPal order made for another shop order (or amount) is never captured from this one, so its
    // buyer's approval stays usable by the order it names and nothing is taken that would need a refund.
    const found = await this.readOrder(providerOrderId);
    if (!found) throw badInput('PayPal does not know this payment');
    const foundUnit = found.purchase_units?.[0];
    const mismatch = providerOrderMismatch(order, {
      shopOrderId: foundUnit?.custom_id,
      value: foundUnit?.amount?.value,
      currency: foundUnit?.amount?.currency_code,
      captured: found.status === 'COMPLETED',
    });
    if (mismatch) throw conflict(`${mismatch}. Nothing was captured for this order, which is unchanged.`);

    const path = `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`;
    const res = await this.call(`${path}/capture`, {
      method: 'POST',
      // One request id per shop order: a capture retried after a lost answer (or raced) gets the same capture back.
      headers: { ...(await this.jsonHeaders()), 'PayPal-Request-Id': order.orderId, Prefer: 'return=representation' },
    });
    let captured: PayPalOrder;
    if (res.ok) {
      captured = await this.json<PayPalOrder>(res);
    } else {
      const error = (await res.json().catch(() => null)) as PayPalError | null;
      const issue = issueOf(error);
      if (res.status === 404) throw badInput('PayPal does not know this payment');
      if (res.status === 422 && issue === 'ORDER_ALREADY_CAPTURED') {
        // Captured before under another request id (past PayPal's idempotency window, a concurrent call, the
        // buyer's browser): read the capture it made. The caller checks whose it is before using or refunding it.
        const lookup = await this.readOrder(providerOrderId);
        if (!lookup) throw badInput('PayPal does not know this payment');
        captured = lookup;
      } else if (res.status === 422 || res.status === 400) {
        throw conflict(
          `PayPal did not take the payment (${issue}); nothing was charged. Please try again or choose another way to pay.`,
        );
      } else {
        throw unavailable(
          'PayPal could not take the payment right now. Your order is unchanged; please try again (a retry never charges twice).',
        );
      }
    }
    const unit = captured.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (!capture?.id || capture.status !== 'COMPLETED') {
      throw conflict(
        `PayPal has not completed this payment (${capture?.status ?? captured.status ?? 'no capture'}); the order is not paid yet`,
      );
    }
    return {
      payment: paymentResult(captured, capture, capture.id, capture.status, this.clock.now()),
      shopOrderId: capture.custom_id ?? unit?.custom_id,
    };
  }

  async findCapture(providerOrderId: string): Promise<ProviderCapture | null> {
    const found = await this.readOrder(providerOrderId);
    if (!found) return null;
    const unit = found.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (!capture?.id || capture.status !== 'COMPLETED') return null;
    return {
      payment: paymentResult(found, capture, capture.id, capture.status, this.clock.now()),
      shopOrderId: capture.custom_id ?? unit?.custom_id,
    };
  }

  async refund(payment: PaymentResult, order: PaymentOrder): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.call(`/v2/payments/captures/${encodeURIComponent(payment.id)}/refund`, {
          method: 'POST',
          headers: { ...(await this.jsonHeaders()), 'PayPal-Request-Id': `refund-${payment.id}` },
          // No amount: the whole capture goes back.
          body: JSON.stringify({
            note_to_payer: `Voltshop could not complete order ${order.orderId}; your payment was refunded.`,
          }),
        });
        if (res.ok) return;
        const issue = issueOf((await res.json().catch(() => null)) as PayPalError | null);
        if (res.status === 422 && issue === 'CAPTURE_FULLY_REFUNDED') return;
        if (res.status < 500 && res.status !== 429) throw conflict(`PayPal refused the refund (${issue})`);
        throw unavailable(`PayPal could not refund the payment (${res.status})`);
      } catch (error) {
        if (attempt >= REFUND_ATTEMPTS || (error as { kind?: string }).kind !== 'unavailable') throw error;
      }
    }
  }

  async refundPart(payment: PaymentResult, refund: PartRefund): Promise<{ providerRefundId: string }> {
    if (payment.provider !== 'paypal') throw conflict('This order was not paid with PayPal');
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.call(`/v2/payments/captures/${encodeURIComponent(payment.id)}/refund`, {
          method: 'POST',
          // The shop's refund id: a retry (lost answer, a second click) answers the same refund, never a second one.
          headers: { ...(await this.jsonHeaders()), 'PayPal-Request-Id': `refund-${refund.refundId}` },
          body: JSON.stringify({
            amount: { value: toAmountString(refund.amountCents), currency_code: refund.currency },
            invoice_id: `${refund.orderId}-${refund.refundId}`,
            note_to_payer: refund.note.slice(0, 255),
          }),
        });
        if (res.ok) {
          const body = await this.json<{ id?: string }>(res);
          if (!body.id) throw unavailable('PayPal sent a refund without an id');
          return { providerRefundId: body.id };
        }
        const issue = issueOf((await res.json().catch(() => null)) as PayPalError | null);
        if (res.status < 500 && res.status !== 429) throw conflict(`PayPal refused the refund (${issue})`);
        throw unavailable(`PayPal could not refund the payment (${res.status})`);
      } catch (error) {
        if (attempt >= REFUND_ATTEMPTS || (error as { kind?: string }).kind !== 'unavailable') throw error;
      }
    }
  }

  /** GET /v2/checkout/orders/:id (a read: it never takes money); null when PayPal does not know the order. */
  private async readOrder(providerOrderId: string): Promise<PayPalOrder | null> {
    const res = await this.call(`/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`, {
      headers: { Authorization: `Bearer ${await this.accessToken()}` },
    });
    if (res.status === 404) return null;
    if (!res.ok)
      throw unavailable('PayPal could not confirm the payment right now. Your order is unchanged; please try again.');
    return this.json<PayPalOrder>(res);
  }

  private async jsonHeaders(): Promise<Record<string, string>> {
    return { Authorization: `Bearer ${await this.accessToken()}`, 'Content-Type': 'application/json' };
  }
}

function issueOf(error: PayPalError | null): string {
  return error?.details?.[0]?.issue ?? error?.name ?? 'no reason given';
}

/** The capture as the shop stores it; `id` and `status` checked by the caller; `now` (the clock port) stands in when PayPal
 *  omits the capture's update time. */
function paymentResult(
  order: PayPalOrder,
  capture: PayPalCapture,
  id: string,
  status: string,
  now: Date,
): PaymentResult {
  return {
    id,
    provider: 'paypal',
    status,
    amount: capture.amount?.value ?? '',
    currency: capture.amount?.currency_code ?? '',
    email: order.payer?.email_address,
    updateTime: capture.update_time ?? now.toISOString(),
  };
}
