// A small fake of PayPal's REST API (OAuth token + orders), so the real PayPal adapter and the web's
// real @paypal/react-paypal-js path are tested over HTTP with no network.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeCapture {
  id: string;
  status: string;
  amount: { value: string; currency_code: string };
  update_time: string;
}

export interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | string;
  payer?: { email_address: string };
  purchase_units: {
    reference_id?: string;
    amount: { value: string; currency_code: string };
    payments?: { captures: FakeCapture[] };
  }[];
}

export interface FakePayPal {
  url: string;
  orders: Map<string, FakeOrder>;
  /** Answers every request after this delay (to test timeouts). */
  delayMs: number;
  /** Answers 503 to everything while true. */
  down: boolean;
  clientId: string;
  secret: string;
  tokenRequests: number;
  /** Creates a completed order as if a buyer had approved and the capture succeeded. */
  completedOrder(amount: string, currency?: string, referenceId?: string): FakeOrder;
  close(): Promise<void>;
}

const id = (prefix = '') => prefix + randomBytes(8).toString('hex').toUpperCase();

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

export async function startFakePayPal(options: { clientId?: string; secret?: string } = {}): Promise<FakePayPal> {
  const orders = new Map<string, FakeOrder>();
  const clientId = options.clientId ?? 'test-client';
  const secret = options.secret ?? 'test-secret';
  const tokens = new Set<string>();

  function capture(order: FakeOrder): FakeOrder {
    const unit = order.purchase_units[0];
    order.status = 'COMPLETED';
    order.payer = { email_address: 'buyer@example.com' };
    unit.payments = {
      captures: [{ id: id('CAP-'), status: 'COMPLETED', amount: { ...unit.amount }, update_time: new Date().toISOString() }],
    };
    return order;
  }

  const fake: FakePayPal = {
    url: '',
    orders,
    delayMs: 0,
    down: false,
    clientId,
    secret,
    tokenRequests: 0,
    completedOrder(amount, currency = 'USD', referenceId) {
      const order: FakeOrder = {
        id: id('ORDER-'),
        status: 'CREATED',
        purchase_units: [{ reference_id: referenceId, amount: { value: amount, currency_code: currency } }],
      };
      orders.set(order.id, order);
      return capture(order);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

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

    // Orders calls made by the (stubbed) browser SDK carry no server token; server calls must.
    const match = url.pathname.match(/^\/v2\/checkout\/orders(?:\/([A-Z0-9-]+))?(\/capture)?$/);
    if (!match) return send(404, { name: 'RESOURCE_NOT_FOUND' });
    const [, orderId, isCapture] = match;

    if (req.method === 'POST' && !orderId) {
      const body = (await readJson(req)) as { purchase_units?: FakeOrder['purchase_units'] };
      const unit = body.purchase_units?.[0];
      if (!unit?.amount?.value) return send(422, { name: 'UNPROCESSABLE_ENTITY' });
      const order: FakeOrder = { id: id('ORDER-'), status: 'CREATED', purchase_units: [{ reference_id: unit.reference_id, amount: unit.amount }] };
      orders.set(order.id, order);
      return send(201, { id: order.id, status: order.status });
    }
    const order = orderId ? orders.get(orderId) : undefined;
    if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
    if (req.method === 'POST' && isCapture) {
      if (order.status === 'COMPLETED') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      return send(201, capture(order));
    }
    if (req.method === 'GET') {
      const auth = req.headers.authorization?.replace('Bearer ', '') ?? '';
      if (!tokens.has(auth)) return send(401, { error: 'invalid_token' });
      return send(200, order);
    }
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
