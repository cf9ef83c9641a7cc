// Benchmark 6: live streams on the embedded server (functions/src/live/hub.ts). Opens N idle Server-Sent Events
// streams (GET /api/live?topics=product:<id>) to the built server and reports its RSS per open stream, then changes
// the product's stock (admin PUT) several times and measures, per subscriber, the time from sending the change to
// the event's arrival (p50/p95 over every subscriber and change). Client and server share the machine: indicative.
// Usage: npx tsx bench/live.ts [--quick] [--json out.json]   (BENCH_LIVE_STREAMS=1000 BENCH_LIVE_CHANGES=5)
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import {
  QUICK,
  jsonTarget,
  mb,
  ms,
  percentile,
  removeDir,
  rssOf,
  sleep,
  startShop,
  table,
  tempDir,
} from './lib/common.js';

const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 1000);
const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? (QUICK ? 3 : 5));
export const LIVE_P95_TARGET_MS = 250;

interface Subscriber {
  req: http.ClientRequest;
  /** Called with the arrival time of each product event. */
  onEvent?: (at: number) => void;
}

function subscribe(url: string, agent: http.Agent): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const sub: Subscriber = { req: null as unknown as http.ClientRequest };
    sub.req = http.get(url, { agent, headers: { Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
      res.setEncoding('utf8');
      let ready = false;
      res.on('data', (chunk: string) => {
        const at = performance.now();
        if (!ready && chunk.includes('event: ready')) {
          ready = true;
          resolve(sub);
        }
        if (chunk.includes('event: product')) sub.onEvent?.(at);
      });
    });
    sub.req.on('error', reject);
  });
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function runLive() {
  const dir = tempDir('live');
  const shop = await startShop({
    dataDir: dir,
    env: { LIVE_MAX_STREAMS: String(STREAMS + 100), LIVE_MAX_STREAMS_PER_CLIENT: String(STREAMS + 100) },
  });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const subscribers: Subscriber[] = [];
  try {
    const { token } = await call(shop.url, 'POST', '/api/users/login', undefined, {
      email: 'admin@voltshop.test',
      password: 'admin1234',
    });
    const product = (await call(shop.url, 'GET', '/api/products?pageNumber=1')).products[0];
    const url = `${shop.url}/api/live?topics=product:${product._id}`;
    await sleep(500);
    const rssBefore = rssOf(shop.proc.pid!);
    for (let i = 0; i < STREAMS; i += 100)
      subscribers.push(
        ...(await Promise.all(Array.from({ length: Math.min(100, STREAMS - i) }, () => subscribe(url, agent)))),
      );
    await sleep(1000);
    const rssAfter = rssOf(shop.proc.pid!);

    const latencies: number[] = [];
    const body = (countInStock: number) => ({
      name: product.name,
      price: product.price,
      image: product.image,
      brand: product.brand,
      category: product.category,
      description: product.description,
      countInStock,
    });
    for (let c = 0; c < CHANGES; c++) {
      let arrived = 0;
      const done = new Promise<void>((resolve) => {
        const sent = performance.now();
        for (const s of subscribers)
          s.onEvent = (at) => {
            s.onEvent = undefined;
            latencies.push(at - sent);
            if (++arrived === subscribers.length) resolve();
          };
      });
      await call(shop.url, 'PUT', `/api/products/${product._id}`, token, body(50 + c));
      await Promise.race([done, sleep(10_000)]);
      if (arrived < subscribers.length)
        throw new Error(`only ${arrived} of ${subscribers.length} streams heard change ${c + 1}`);
      await sleep(200);
    }
    return {
      streams: STREAMS,
      changes: CHANGES,
      rssBefore,
      rssAfter,
      perStreamKb: (rssAfter - rssBefore) / STREAMS / 1024,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: Math.max(...latencies),
      met: percentile(latencies, 95) <= LIVE_P95_TARGET_MS,
    };
  } finally {
    for (const s of subscribers) s.req.destroy();
    agent.destroy();
    await shop.stop();
    removeDir(dir);
  }
}

export function liveMarkdown(r: Awaited<ReturnType<typeof runLive>>): string {
  return table(
    [
      'open idle streams',
      'server RSS before → after',
      'per stream',
      `stock change → arrival at all ${r.streams} (${r.changes} changes)`,
    ],
    [
      [
        String(r.streams),
        `${mb(r.rssBefore)} → ${mb(r.rssAfter)}`,
        `${r.perStreamKb.toFixed(1)} KB`,
        `p50 **${ms(r.p50)}**, p95 **${ms(r.p95)}**, max ${ms(r.max)}`,
      ],
    ],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLive();
  console.log(liveMarkdown(result));
  const out = jsonTarget();
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
}
