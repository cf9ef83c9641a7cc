import { readdirSync, existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TOO_BIG_MESSAGE, MAX_IMAGE_BYTES } from '../src/domain/index.js';
import { startTestShop, type TestShop } from './support/shop.js';
import { TINY_PNG } from './support/images.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const PNG = TINY_PNG;
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

function form(bytes: Buffer, filename: string, type: string, field = 'image') {
  const fd = new FormData();
  fd.append(field, new Blob([bytes], { type }), filename);
  return fd;
}

const stored = () => (existsSync(shop.config.uploadsDir) ? readdirSync(shop.config.uploadsDir) : []);

describe('POST /api/upload', () => {
  it('stores a real image, re-encoded to WebP, under a random name and serves it', async () => {
    const admin = await shop.adminToken();
    const res = await shop.call('POST', '/api/upload', { token: admin, raw: form(PNG, 'photo.png', 'image/png') });
    expect(res.status).toBe(201);
    expect(res.body).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const served = await fetch(shop.url + res.body);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1, 1]); // the same pixel
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('checks the file by its bytes, not its name or declared type', async () => {
    const admin = await shop.adminToken();
    const res = await shop.call('POST', '/api/upload', { token: admin, raw: form(PNG, 'photo.jpg', 'image/jpeg') });
    expect(res.status).toBe(201);
    expect(res.body).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  });

  it('refuses non-images, disguised files, oversized files and path tricks; stores nothing', async () => {
    const admin = await shop.adminToken();
    const before = stored();
    const cases = [
      form(Buffer.from('<?php echo 1; ?>'), 'shell.png', 'image/png'),
      form(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ),
      form(Buffer.from('GIF89a\x01\x00\x01\x00'), 'anim.gif', 'image/gif'),
      form(PNG, '../../../etc/passwd', 'image/png', 'file'),
      form(Buffer.concat([JPEG_HEAD, Buffer.alloc(MAX_IMAGE_BYTES + 10)]), 'big.jpg', 'image/jpeg'),
    ];
    const statuses = [];
    const messages = [];
    for (const raw of cases) {
      const res = await shop.call('POST', '/api/upload', { token: admin, raw });
      statuses.push(res.status);
      messages.push(res.body.message);
      expect(typeof res.body.message).toBe('string');
    }
    expect(statuses).toEqual([400, 400, 400, 400, 413]);
    expect(messages[4]).toBe(IMAGE_TOO_BIG_MESSAGE); // the web shows the same words for a file it refuses itself
    expect(stored()).toEqual(before);
  });

  it('a traversal file name is ignored: the stored name is ours', async () => {
    const admin = await shop.adminToken();
    const res = await shop.call('POST', '/api/upload', { token: admin, raw: form(PNG, '../../evil.png', 'image/png') });
    expect(res.status).toBe(201);
    expect(res.body).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  });

  it('is for admins only', async () => {
    const before = stored();
    expect((await shop.call('POST', '/api/upload', { raw: form(PNG, 'a.png', 'image/png') })).status).toBe(401);
    expect(
      (await shop.call('POST', '/api/upload', { token: await shop.aliceToken(), raw: form(PNG, 'a.png', 'image/png') }))
        .status,
    ).toBe(403);
    expect(stored()).toEqual(before);
  });

  it('does not serve files outside the uploads folder', async () => {
    const res = await fetch(`${shop.url}/uploads/..%2F..%2Fvoltshop.db`);
    expect([403, 404]).toContain(res.status); // serve-static refuses traversal outright
  });
});
