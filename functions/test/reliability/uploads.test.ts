// Uploads, beyond functions/test/upload.test.ts: hand-built multipart bodies with hostile file names (encoded
// separators, backslashes, NUL, RFC 5987 filename*), several files, malformed multipart, and callers who lose
// their rights. Refusals write nothing anywhere under the data directory; acceptances write exactly one image (the
// re-encoded main file and its smaller copies, src/images/pipeline.ts), under a random name inside the uploads
// folder, never where the client's name pointed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariants } from '../../src/domain/index.js';
import { startTestShop, type TestShop } from '../support/shop.js';
import { TINY_PNG } from '../support/images.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const PNG = TINY_PNG;

/** Every file under the data directory and its parent's direct children, except the database's own files. */
function files(): string[] {
  const root = shop.config.dataDir;
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!/^voltshop\.db(-wal|-shm|-journal)?$/.test(name)) out.push(relative(root, full));
    }
  };
  walk(root);
  const parent = dirname(root);
  for (const name of ['evil.png', 'evil.php', 'passwd']) if (existsSync(join(parent, name))) out.push(`../${name}`);
  return out.sort();
}

/** The files one accepted upload writes (as files() lists them): its main file and every copy of the naming rule. */
const writtenFor = (path: string) =>
  [path, ...imageVariants(path).map((v) => v.url)].map((u) => join('uploads', u.slice('/uploads/'.length))).sort();

/** A multipart/form-data body built by hand, so the filename header is exactly what a hostile client sends. */
function multipart(
  parts: { field: string; filename?: string; filenameStar?: string; type?: string; data: Buffer | string }[],
  boundary = 'XyZ123boundary',
) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let disposition = `form-data; name="${p.field}"`;
    if (p.filename !== undefined) disposition += `; filename="${p.filename}"`;
    if (p.filenameStar !== undefined) disposition += `; filename*=${p.filenameStar}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
        'latin1',
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { raw: Buffer.concat(chunks), headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(body: { raw: Buffer; headers: Record<string, string> }, token?: string) {
  return shop.call('POST', '/api/upload', {
    token: token ?? (await shop.adminToken()),
    raw: body.raw,
    headers: body.headers,
  });
}

describe('hostile file names', () => {
  const names = [
    '..%2F..%2Fevil.png',
    '%2e%2e%2f%2e%2e%2fevil.png',
    '..\\..\\evil.png',
    '..%5C..%5Cevil.png',
    '/etc/passwd',
    '....//....//evil.png',
    'evil.png\u0000.jpg',
    'evil.php%00.png',
    '.htaccess',
    'CON.png',
    `${'a'.repeat(300)}.png`,
  ];
  for (const name of names) {
    it(`a real PNG named ${JSON.stringify(name.slice(0, 40))}: stored under a random name in the uploads folder only, or refused`, async () => {
      const before = files();
      const res = await upload(multipart([{ field: 'image', filename: name, type: 'image/png', data: PNG }]));
      const added = files().filter((f) => !before.includes(f));
      if (res.status === 201) {
        expect(res.body).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
        expect(added).toEqual(writtenFor(res.body));
        expect(added).toHaveLength(4);
      } else {
        // A NUL in a part header is malformed multipart: refused as such (400), nothing written.
        expect(res.status).toBe(400);
        expect(typeof res.body.message).toBe('string');
        expect(added).toEqual([]);
      }
    });
  }

  it('an RFC 5987 filename* with encoded separators is ignored the same way', async () => {
    const before = files();
    const res = await upload(
      multipart([
        { field: 'image', filename: 'ok.png', filenameStar: "UTF-8''..%2F..%2Fevil.png", type: 'image/png', data: PNG },
      ]),
    );
    expect(res.status).toBe(201);
    expect(files().filter((f) => !before.includes(f))).toEqual(writtenFor(res.body));
  });

  it('a PHP script named .png, and a PNG-headed polyglot named .php: refused or re-encoded to .webp, never as given', async () => {
    const before = files();
    const script = await upload(
      multipart([{ field: 'image', filename: 'evil.png', type: 'image/png', data: '<?php system($_GET["c"]); ?>' }]),
    );
    expect(script.status).toBe(400);
    expect(files()).toEqual(before);
    const polyglot = await upload(
      multipart([
        {
          field: 'image',
          filename: 'evil.php',
          type: 'application/x-php',
          data: Buffer.concat([PNG, Buffer.from('<?php echo 1; ?>')]),
        },
      ]),
    );
    expect(polyglot.status).toBe(201);
    expect(polyglot.body).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    // Re-encoded: only the pixels are stored, the appended script is gone (functions/test/images.test.ts).
    for (const f of writtenFor(polyglot.body))
      expect(readFileSync(join(shop.config.dataDir, f), 'latin1')).not.toContain('<?php');
  });
});

describe('refused uploads write nothing', () => {
  it('two files, a wrong field, too many fields, a truncated or boundary-less body, JSON instead of multipart', async () => {
    const before = files();
    const cases: [string, { raw: Buffer; headers: Record<string, string> }][] = [
      [
        'two files',
        multipart([
          { field: 'image', filename: 'a.png', type: 'image/png', data: PNG },
          { field: 'image', filename: 'b.png', type: 'image/png', data: PNG },
        ]),
      ],
      ['wrong field', multipart([{ field: 'photo', filename: 'a.png', type: 'image/png', data: PNG }])],
      [
        'six text fields',
        multipart([
          ...Array.from({ length: 6 }, (_, i) => ({ field: `f${i}`, data: 'x' })),
          { field: 'image', filename: 'a.png', type: 'image/png', data: PNG },
        ]),
      ],
      ['no file at all', multipart([{ field: 'note', data: 'hello' }])],
      [
        'truncated',
        (() => {
          const b = multipart([{ field: 'image', filename: 'a.png', type: 'image/png', data: PNG }]);
          return { ...b, raw: b.raw.subarray(0, b.raw.length - 30) };
        })(),
      ],
      ['no boundary', { raw: Buffer.from('--x\r\n\r\n'), headers: { 'Content-Type': 'multipart/form-data' } }],
      ['JSON', { raw: Buffer.from('{"image":"iVBORw0KGgo="}'), headers: { 'Content-Type': 'application/json' } }],
      ['empty file', multipart([{ field: 'image', filename: 'a.png', type: 'image/png', data: Buffer.alloc(0) }])],
    ];
    for (const [what, body] of cases) {
      const res = await upload(body);
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      expect(res.status, what).toBeLessThan(500);
      expect(typeof res.body.message, what).toBe('string');
    }
    expect(files()).toEqual(before);
  });

  it('anonymous, bad tokens, customers, a deleted admin and a demoted admin: 401/403 and nothing written', async () => {
    const admin = await shop.adminToken();
    const reg = async (email: string) =>
      (await shop.call('POST', '/api/users', { body: { name: 'Temp Admin', email, password: 'secret12' } })).body;
    const a = await reg(`upload-admin-a-${Date.now()}@voltshop.test`);
    const b = await reg(`upload-admin-b-${Date.now()}@voltshop.test`);
    for (const u of [a, b])
      expect(
        (
          await shop.call('PUT', `/api/users/${u._id}`, {
            token: admin,
            body: { name: u.name, email: u.email, isAdmin: true },
          })
        ).status,
      ).toBe(200);
    // a is deleted, b is demoted: their tokens (still valid JWTs) must not upload.
    expect((await shop.call('DELETE', `/api/users/${a._id}`, { token: admin })).status).toBe(200);
    expect(
      (
        await shop.call('PUT', `/api/users/${b._id}`, {
          token: admin,
          body: { name: b.name, email: b.email, isAdmin: false },
        })
      ).status,
    ).toBe(200);

    const before = files();
    const body = () => multipart([{ field: 'image', filename: 'a.png', type: 'image/png', data: PNG }]);
    const statuses = [];
    for (const token of ['', 'garbage', `${admin}x`, await shop.aliceToken(), a.token, b.token]) {
      const res = await shop.call('POST', '/api/upload', {
        token: token || undefined,
        raw: body().raw,
        headers: body().headers,
      });
      statuses.push(res.status);
    }
    // b's demotion ended b's sessions (revocable sessions, test/sessions.test.ts): 401, not only 403.
    expect(statuses).toEqual([401, 401, 401, 403, 401, 401]);
    expect(files()).toEqual(before);
  });
});

describe('serving uploads', () => {
  it('encoded traversal never reaches the data directory', async () => {
    for (const path of [
      '/uploads/..%2Fvoltshop.db',
      '/uploads/%2e%2e/voltshop.db',
      '/uploads/%2e%2e%2fjwt-secret',
      '/uploads/..%5cjwt-secret',
      '/uploads/....//jwt-secret',
      '/uploads/%252e%252e%252fjwt-secret',
      '/uploads/.%00./jwt-secret',
    ]) {
      const res = await fetch(shop.url + path);
      const text = await res.text();
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(text, path).not.toMatch(/SQLite format/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});
