// The limiters' draft-8 headers are written by http/rateLimits.ts (issue 42: the library hashes the key on every
// request of every limiter); they must be the very bytes express-rate-limit itself answers, 429s and skips included.
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { MemoryStore, rateLimit as libraryRateLimit, type Options } from 'express-rate-limit';
import { describe, expect, it, onTestFinished } from 'vitest';
import { partitionKeyOf, rateLimit } from '../src/http/rateLimits.js';

async function serve(limiters: RequestHandler[]) {
  const app = express();
  app.use(express.json());
  app.post('/', ...limiters, (_req, res) => {
    res.json({ ok: true });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const answer429: Options['handler'] = (_req, res) => {
  res.status(429).json({ message: 'Too many' });
};

/** Three limiters of different windows and limits, one keyed by the body's email (skipped without one). */
const configs = (): Partial<Options>[] => [
  { windowMs: 3_600_000, limit: 3 },
  { windowMs: 15 * 60_000, limit: 5 },
  {
    windowMs: 30_000,
    limit: 2,
    skip: (req) => typeof req.body?.email !== 'string',
    keyGenerator: (req) => `email:${String(req.body.email)}`,
    validate: { keyGeneratorIpFallback: false },
  },
];
const withHeaders = (make: (o: Partial<Options>) => RequestHandler) =>
  configs().map((c) =>
    make({ ...c, standardHeaders: 'draft-8', legacyHeaders: false, handler: answer429, store: new MemoryStore() }),
  );

const seen = (r: Response) => ({
  status: r.status,
  rateLimit: r.headers.get('ratelimit'),
  policy: r.headers.get('ratelimit-policy'),
  retryAfter: r.headers.get('retry-after'),
});

describe('the draft-8 RateLimit headers (issue 42)', () => {
  it('are the bytes express-rate-limit answers: counted, skipped and refused (429 with Retry-After) requests alike', async () => {
    const library = await serve(withHeaders(libraryRateLimit));
    const ours = await serve(withHeaders(rateLimit));
    const bodies = [{}, { email: 'a@x.test' }, { email: 'a@x.test' }, { email: 'a@x.test' }, {}, {}];
    const answers: { library: unknown; ours: unknown }[] = [];
    for (const body of bodies) {
      const post = (url: string) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      answers.push({ library: seen(await post(library)), ours: seen(await post(ours)) });
    }
    for (const { library: expected, ours: actual } of answers) expect(actual).toEqual(expected);
    // The run went through all three shapes: a skip (no email: two limiters' headers), the keyed limiter's 429, the
    // address limiter's 429.
    expect(answers.map((a) => (a.ours as { status: number }).status)).toEqual([200, 200, 200, 429, 429, 429]);
    expect((answers[0]!.ours as { policy: string }).policy.split(',')).toHaveLength(2);
    expect((answers[1]!.ours as { policy: string }).policy.split(',')).toHaveLength(3);
    expect((answers[3]!.ours as { retryAfter: string | null }).retryAfter).toMatch(/^\d+$/);
  });

  it('the remembered partition key is the hash of its own key, never another key’s', () => {
    const a = partitionKeyOf('1.2.3.4');
    const b = partitionKeyOf('uid:abc');
    expect(a).not.toBe(b);
    expect(partitionKeyOf('1.2.3.4')).toBe(a);
    expect(Buffer.from(a, 'base64').toString()).toMatch(/^[0-9a-f]{12}$/);
  });
});
