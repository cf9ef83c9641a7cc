import { badInput, conflict, toAmountString, unavailable, type PaymentResult } from '../../domain/index.js';
import type { CaptureCheck, PaymentGateway } from '../../ports.js';

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
  update_time?: string;
}

interface PayPalOrder {
  id?: string;
  status?: string;
  payer?: { email_address?: string };
  purchase_units?: { reference_id?: string; payments?: { captures?: PayPalCapture[] } }[];
}

/**
 * Verifies captures with PayPal's REST API (OAuth client credentials, then GET /v2/checkout/orders/:id).
 * Nothing the browser says about the payment is trusted: status, amount and currency come from PayPal.
 */
export class PayPalGateway implements PaymentGateway {
  readonly mode = 'paypal' as const;
  private token: { value: string; until: number } | null = null;

  constructor(private readonly settings: PayPalSettings) {}

  get clientId() {
    return this.settings.clientId;
  }

  private async call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(new URL(path, this.settings.baseUrl), { ...init, signal: AbortSignal.timeout(this.settings.timeoutMs) });
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
    if (!res.ok) throw unavailable('The shop could not sign in to PayPal. Your order is unchanged; please try again later.');
    const body = await this.json<{ access_token?: string; expires_in?: number }>(res);
    if (!body.access_token) throw unavailable('PayPal answered without an access token. Please try again later.');
    this.token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 };
    return body.access_token;
  }

  async verifyCapture(check: CaptureCheck): Promise<PaymentResult> {
    const payload = check.payload as { id?: unknown } | null | undefined;
    const paypalOrderId = typeof payload?.id === 'string' ? payload.id : '';
    if (!/^[A-Za-z0-9-]{1,64}$/.test(paypalOrderId)) throw badInput('Payment details must include the PayPal order id');

    const res = await this.call(`/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`, {
      headers: { Authorization: `Bearer ${await this.accessToken()}` },
    });
    if (res.status === 404) throw badInput('PayPal does not know this payment');
    if (!res.ok) throw unavailable('PayPal could not confirm the payment right now. Your order is unchanged; please try again.');
    const order = await this.json<PayPalOrder>(res);

    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (order.status !== 'COMPLETED' || capture?.status !== 'COMPLETED' || !capture.id) {
      throw conflict('PayPal has not completed this payment; nothing was charged to the order');
    }
    if (unit?.reference_id && unit.reference_id !== check.orderId && unit.reference_id !== 'default') {
      throw conflict('This PayPal payment belongs to another order');
    }
    const expected = toAmountString(check.totalCents);
    if (capture.amount?.value !== expected || capture.amount?.currency_code !== check.currency) {
      throw conflict(
        `Payment amount ${capture.amount?.value ?? '?'} ${capture.amount?.currency_code ?? ''} does not match the order total ${expected} ${check.currency}`,
      );
    }
    return {
      id: capture.id,
      provider: 'paypal',
      status: capture.status,
      amount: capture.amount.value,
      currency: capture.amount.currency_code,
      email: order.payer?.email_address,
      updateTime: capture.update_time ?? new Date().toISOString(),
    };
  }
}
