// A small fake of PayPal's REST API (OAuth token, orders: create / get / capture, capture refunds), so the real
// PayPal adapter and the web's real @paypal/react-paypal-js path are tested over HTTP with no network.
// Like PayPal: an order is CREATED, the buyer APPROVES it (here: approve(), or POST /fake/orders/:id/approve from
// the SDK stub standing in for PayPal's popup), a capture makes it COMPLETED; a POST repeated with the same
// PayPal-Request-Id answers the first answer again and changes nothing, while capturing a COMPLETED order under any
// other request id is a 422 ORDER_ALREADY_CAPTURED. Each order keeps the custom_id / reference_id it was made with.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'REFUNDED' | string;
  amount: { value: string; currency_code: string };
  custom_id?: string;
  invoice_id?: string;
  update_time: string;
}

export interface FakeUnit {
  reference_id?: string;
  custom_id?: string;
  invoice_id?: string;
  amount: { value: string; currency_code: string };
  payments?: { captures: FakeCapture[] };
}

export interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | string;
  payer?: { email_address: string };
  purchase_units: FakeUnit[];
}

export interface FakeRefund {
  id: string;
  captureId: string;
  requestId: string | undefined;
  amount: { value: string; currency_code: string };
}

export interface FakePayPal {
  url: string;
  orders: Map<string, FakeOrder>;
  refunds: FakeRefund[];
  /** Answers every request after this delay (to test timeouts). */
  delayMs: number;
  /** Answers 503 to everything while true. */
  down: boolean;
  /** When set, the next capture is refused with this 422 issue (e.g. INSTRUMENT_DECLINED), then it clears. */
  declineNextCapture: string | null;
  /** Runs when a capture is asked, before it is made (the test's chance to change the order, as a PATCH would). */
  beforeCapture: ((order: FakeOrder) => void) | null;
  /** Runs after a capture is made, before PayPal answers (the test's chance to change the shop meanwhile). */
  afterCapture: ((order: FakeOrder) => Promise<void> | void) | null;
  clientId: string;
  secret: string;
  tokenRequests: number;
  /** Capture calls that reached the fake (replays of a request id included). */
  captureRequests: number;
  /** POSTs answered with the first answer to their PayPal-Request-Id, as `path requestId`. */
  replays: string[];
  /** Creates a completed order as if a buyer had approved and the capture succeeded (in the browser). */
  completedOrder(amount: string, currency?: string, referenceId?: string, customId?: string): FakeOrder;
  /** Creates an order as a browser's SDK could (any amount, any custom_id / reference_id) that the buyer approved:
   *  not captured yet. */
  approvedOrder(unit: { amount: string; currency?: string; customId?: string; referenceId?: string }): FakeOrder;
  /** The buyer approves the order in PayPal's window. */
  approve(orderId: string): void;
  /** Every capture PayPal made for orders carrying this custom_id (the shop order id). */
  capturesFor(shopOrderId: string): FakeCapture[];
  close(): Promise<void>;
}

const id = (prefix = '') => prefix + randomBytes(8).toString('hex').toUpperCase();

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

/** The shop's settings that point its PayPal gateway at this fake (plus any other settings given). */
export function payPalSettings(paypal: FakePayPal, more: Record<string, string> = {}): Record<string, string> {
  return {
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.secret,
    PAYPAL_API_BASE: paypal.url,
    ...more,
  };
}

export async function startFakePayPal(options: { clientId?: string; secret?: string } = {}): Promise<FakePayPal> {
  const orders = new Map<string, FakeOrder>();
  const clientId = options.clientId ?? 'test-client';
  const secret = options.secret ?? 'test-secret';
  const tokens = new Set<string>();
  /** First answers of POSTs that carried a PayPal-Request-Id, by method, path and request id. */
  const answered = new Map<string, { status: number; body: unknown }>();

  /** A PayPal order the test makes directly (as the buyer's browser would), stored. */
  function newOrder(
    status: FakeOrder['status'],
    unit: { amount: string; currency: string; referenceId?: string; customId?: string },
  ): FakeOrder {
    const order: FakeOrder = {
      id: id('ORDER-'),
      status,
      purchase_units: [
        {
          reference_id: unit.referenceId,
          custom_id: unit.customId,
          amount: { value: unit.amount, currency_code: unit.currency },
        },
      ],
    };
    orders.set(order.id, order);
    return order;
  }

  function capture(order: FakeOrder): FakeOrder {
    const unit = order.purchase_units[0];
    order.status = 'COMPLETED';
    order.payer = { email_address: 'buyer@example.com' };
    unit.payments = {
      captures: [
        {
          id: id('CAP-'),
          status: 'COMPLETED',
          amount: { ...unit.amount },
          custom_id: unit.custom_id,
          invoice_id: unit.invoice_id,
          update_time: new Date().toISOString(),
        },
      ],
    };
    return order;
  }

  const fake: FakePayPal = {
    url: '',
    orders,
    refunds: [],
    delayMs: 0,
    down: false,
    declineNextCapture: null,
    beforeCapture: null,
    afterCapture: null,
    clientId,
    secret,
    tokenRequests: 0,
    captureRequests: 0,
    replays: [],
    completedOrder(amount, currency = 'USD', referenceId, customId) {
      return capture(newOrder('CREATED', { amount, currency, referenceId, customId }));
    },
    approvedOrder({ amount, currency = 'USD', customId, referenceId }) {
      return newOrder('APPROVED', { amount, currency, referenceId, customId });
    },
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake PayPal: no order ${orderId}`);
      if (order.status === 'CREATED') order.status = 'APPROVED';
    },
    capturesFor(shopOrderId) {
      return [...orders.values()]
        .flatMap((o) => o.purchase_units[0].payments?.captures ?? [])
        .filter((c) => c.custom_id === shopOrderId);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function findCapture(captureId: string): FakeCapture | undefined {
    for (const order of orders.values()) {
      const found = order.purchase_units[0].payments?.captures.find((c) => c.id === captureId);
      if (found) return found;
    }
    return undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
      });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'OPTIONS') return send(204, {});
    if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (fake.down) return send(503, { name: 'SERVICE_UNAVAILABLE' });
    const url = new URL(req.url ?? '/', 'http://fake');

    if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      fake.tokenRequests++;
      const expected = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(401, { error: 'invalid_client' });
      const token = id('A21AA');
      tokens.add(token);
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }

    // Stands in for the buyer approving in PayPal's window (the e2e SDK stub calls it); no server token.
    const approval = url.pathname.match(/^\/fake\/orders\/([A-Z0-9-]+)\/approve$/);
    if (req.method === 'POST' && approval) {
      if (!orders.has(approval[1])) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      fake.approve(approval[1]);
      return send(200, { id: approval[1], status: orders.get(approval[1])!.status });
    }

    // Everything else is the shop's server: it must carry a token from /v1/oauth2/token.
    if (!tokens.has(req.headers.authorization?.replace('Bearer ', '') ?? ''))
      return send(401, { error: 'invalid_token' });

    const requestId = req.headers['paypal-request-id'];
    const key = typeof requestId === 'string' && req.method === 'POST' ? `${url.pathname} ${requestId}` : null;
    if (key && answered.has(key)) {
      if (url.pathname.endsWith('/capture')) fake.captureRequests++;
      fake.replays.push(key);
      const first = answered.get(key)!;
      return send(first.status, first.body);
    }
    const reply = (status: number, body: unknown) => {
      if (key && status < 300) answered.set(key, { status, body: structuredClone(body) });
      return send(status, body);
    };

    const refund = url.pathname.match(/^\/v2\/payments\/captures\/([A-Z0-9-]+)\/refund$/);
    if (req.method === 'POST' && refund) {
      const captured = findCapture(refund[1]);
      if (!captured) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      if (captured.status === 'REFUNDED')
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] });
      // An amount refunds part of the capture (the shop's own refunds, issue 28); none refunds what remains.
      const asked = ((await readJson(req)) as { amount?: { value?: string } } | null)?.amount?.value;
      const toCents = (value: string) => Math.round(Number(value) * 100);
      const before = fake.refunds
        .filter((r) => r.captureId === captured.id)
        .reduce((sum, r) => sum + toCents(r.amount.value), 0);
      const capturedCents = toCents(captured.amount.value);
      const cents = asked === undefined ? capturedCents - before : toCents(asked);
      if (before + cents > capturedCents)
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] });
      captured.status = before + cents === capturedCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      const made: FakeRefund = {
        id: id('REF-'),
        captureId: captured.id,
        requestId: typeof requestId === 'string' ? requestId : undefined,
        amount: { value: (cents / 100).toFixed(2), currency_code: captured.amount.currency_code },
      };
      fake.refunds.push(made);
      return reply(201, { id: made.id, status: 'COMPLETED', amount: made.amount });
    }

    const match = url.pathname.match(/^\/v2\/checkout\/orders(?:\/([A-Z0-9-]+))?(\/capture)?$/);
    if (!match) return send(404, { name: 'RESOURCE_NOT_FOUND' });
    const [, orderId, isCapture] = match;

    if (req.method === 'POST' && !orderId) {
      const body = (await readJson(req)) as { intent?: string; purchase_units?: FakeUnit[] };
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' || !unit?.amount?.value || !/^\d+\.\d{2}$/.test(unit.amount.value)) {
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INVALID_PARAMETER_VALUE' }] });
      }
      const order: FakeOrder = {
        id: id('ORDER-'),
        status: 'CREATED',
        purchase_units: [
          {
            reference_id: unit.reference_id,
            custom_id: unit.custom_id,
            invoice_id: unit.invoice_id,
            amount: { ...unit.amount },
          },
        ],
      };
      orders.set(order.id, order);
      return reply(201, { id: order.id, status: order.status });
    }
    const order = orderId ? orders.get(orderId) : undefined;
    if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
    if (req.method === 'POST' && isCapture) {
      fake.captureRequests++;
      if (order.status === 'COMPLETED')
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      if (order.status !== 'APPROVED')
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      if (fake.declineNextCapture) {
        const issue = fake.declineNextCapture;
        fake.declineNextCapture = null;
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue }] });
      }
      fake.beforeCapture?.(order);
      const answer = structuredClone(capture(order));
      await fake.afterCapture?.(order);
      return reply(201, answer);
    }
    if (req.method === 'GET') return send(200, order);
    return send(405, { name: 'METHOD_NOT_SUPPORTED' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return fake;
}
