// Image work apart from sign-in (issue 24, point 8): six admin uploads of 40 MP photos at once used every thread
// of libuv's pool (four encodes per upload), so password hashing, which needs the same pool, waited behind them
// (sign-in 82 ms -> 2.4 s). The pipeline now decodes each upload once and runs one image job at a time with one
// libvips thread, so a sign-in made while they run is answered before most of them finish. The figures are
// printed; the assertion compares the sign-in with the uploads' own time, which the machine's load moves alike.
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../../src/seed/seed.js';
import { startTestShop, type TestShop } from '../support/shop.js';

let shop: TestShop;
let photo: Buffer;
beforeAll(async () => {
  shop = await startTestShop();
  // Just under the pipeline's 40-megapixel limit (a PNG: flat, so it stays far below the 5 MB upload limit, and
  // slower to decode than a JPEG of the same size, like a real photo).
  photo = await sharp({ create: { width: 7296, height: 5472, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();
});
afterAll(() => shop.close());

async function signIn(): Promise<number> {
  const started = performance.now();
  const res = await shop.call('POST', '/api/users/login', {
    body: { email: DEMO_CUSTOMERS.alice.email, password: DEMO_CUSTOMERS.alice.password },
  });
  expect(res.status).toBe(200);
  return performance.now() - started;
}

async function upload(token: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'camera.png');
  const res = await fetch(`${shop.url}/api/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(120_000),
  });
  expect(res.status).toBe(201);
  return performance.now();
}

describe('image work and sign-in', () => {
  it('a sign-in during six 40 MP uploads does not wait for them', { timeout: 180_000 }, async () => {
    const admin = await shop.adminToken();
    const idle: number[] = [];
    for (let i = 0; i < 3; i++) idle.push(await signIn());

    const uploads = Array.from({ length: 6 }, () => upload(admin));
    await delay(100); // the uploads are received and being re-encoded
    const signInStarted = performance.now();
    const loaded = await signIn();
    const finished = await Promise.all(uploads);

    const idleMs = Math.min(...idle);
    console.log(
      `[image-load] sign-in idle ${idleMs.toFixed(0)} ms, during six 40 MP uploads ${loaded.toFixed(0)} ms; ` +
        `uploads finished ${finished.map((t) => (t - signInStarted).toFixed(0)).join(', ')} ms after it started`,
    );
    // Unbounded, the sign-in's hash queued behind every upload's work and was answered when they all were (3.4 s
    // of 3.9 s here); now it waits for no image job, only shares the CPU with the one in progress.
    const allDone = Math.max(...finished) - signInStarted;
    expect(loaded, 'sign-in time against the time the six uploads took').toBeLessThan(allDone / 2);
  });
});
