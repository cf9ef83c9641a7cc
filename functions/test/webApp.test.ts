// The built web app as the standalone server sends it (functions/src/http/webApp.ts): the precompressed copy the
// browser accepts (Brotli, else gzip, else the file itself) with Vary: Accept-Encoding and the original type;
// hashed /assets/ cached for a year, index.html always revalidated (as it is, or with a catalogue or product page's
// own head); the single-page app's fallback; the API untouched.
import express from 'express';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageRoutes, type CatalogReader } from '../src/features/pages/routes.js';
import {
  HOME_PRELOADS,
  HTML_CACHE,
  indexTemplate,
  negotiateEncoding,
  pageModules,
  preloadLinks,
  serveWebApp,
} from '../src/http/webApp.js';
import { startTestShop, type TestShop } from './support/shop.js';

const dist = join(tmpdir(), `voltshop-webapp-${process.pid}-${Date.now()}`);
const JS = `export const hello = ${JSON.stringify('voltshop '.repeat(400))};\n`;
const HTML = `<!doctype html><html lang="en"><head><title>Voltshop</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 510">${'<rect width="10" height="10"/>'.repeat(60)}</svg>`;

/** A build output as web/scripts/precompress.ts leaves it: .br and .gz next to the bigger text files. */
function writeDist() {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, 'images'), { recursive: true });
  const withCopies = (path: string, text: string) => {
    writeFileSync(path, text);
    writeFileSync(`${path}.br`, brotliCompressSync(text));
    writeFileSync(`${path}.gz`, gzipSync(text));
  };
  withCopies(join(dist, 'index.html'), HTML);
  withCopies(join(dist, 'assets', 'app-abc123.js'), JS);
  withCopies(join(dist, 'assets', 'gone-abc123.js'), JS);
  withCopies(join(dist, 'images', 'phone.svg'), SVG);
  writeFileSync(join(dist, 'assets', 'tiny-abc123.css'), 'a{color:red}'); // too small to be worth a copy
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

let shop: TestShop;
beforeAll(async () => {
  writeDist();
  shop = await startTestShop({ WEB_DIST: dist });
});
afterAll(async () => {
  await shop?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A raw request (no automatic decompression): status, headers, the bytes as sent and decoded. */
function get(path: string, acceptEncoding?: string, method = 'GET', extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra };
  if (acceptEncoding !== undefined) headers['Accept-Encoding'] = acceptEncoding;
  return new Promise<{ status: number; headers: Record<string, string | undefined>; raw: Buffer; text: string }>(
    (resolve, reject) => {
      const req = request(`${shop.url}${path}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const decoded = !raw.length
            ? raw
            : coding === 'br'
              ? brotliDecompressSync(raw)
              : coding === 'gzip'
                ? gunzipSync(raw)
                : raw;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string | undefined>,
            raw,
            text: decoded.toString(),
          });
        });
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const varies = (h: Record<string, string | undefined>) =>
  (h.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');
const CHROME = 'gzip, deflate, br, zstd';

describe('pageModules: the chunks a lazily loaded page needs, from the build manifest', () => {
  const build = join(tmpdir(), `voltshop-manifest-${process.pid}-${Date.now()}`);
  const manifest = {
    'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_shared-s1.js'] },
    '_shared-s1.js': { file: 'assets/shared-s1.js' },
    '_query-q1.js': { file: 'assets/query-q1.js' },
    '_ui-u1.js': { file: 'assets/ui-u1.js', imports: ['index.html'] },
    'src/app/QueryLayout.tsx': { file: 'assets/QueryLayout-l1.js', imports: ['index.html', '_query-q1.js'] },
    'src/pages/Product.tsx': {
      file: 'assets/Product-p1.js',
      imports: ['index.html', '_ui-u1.js', '_query-q1.js', '_shared-s1.js'],
      dynamicImports: ['src/pages/Reviews.tsx'],
    },
    'src/pages/Reviews.tsx': { file: 'assets/Reviews-r1.js' },
  };
  beforeAll(() => {
    mkdirSync(join(build, '.vite'), { recursive: true });
    writeFileSync(join(build, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
  afterAll(() => rmSync(build, { recursive: true, force: true }));

  it('lists each page chunk and what it imports once, without the entry, its imports or later (dynamic) imports', async () => {
    expect(await pageModules(build)(['src/app/QueryLayout.tsx', 'src/pages/Product.tsx'])).toEqual([
      '/assets/QueryLayout-l1.js',
      '/assets/query-q1.js',
      '/assets/Product-p1.js',
      '/assets/ui-u1.js',
    ]);
  });

  it('gives nothing for a source the build does not have, or without a manifest (a hint missed, not an error)', async () => {
    expect(await pageModules(build)(['src/app/QueryLayout.tsx', 'src/pages/Renamed.tsx'])).toEqual([]);
    expect(await pageModules(join(build, 'nowhere'))(['src/app/QueryLayout.tsx'])).toEqual([]);
  });
});

describe('negotiateEncoding', () => {
  it('prefers Brotli on a tie, honours q-values, * and refusals', () => {
    const both = ['br', 'gzip'] as const;
    expect(negotiateEncoding(CHROME, both)).toBe('br');
    expect(negotiateEncoding('gzip', both)).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeNull();
    expect(negotiateEncoding('gzip;q=1, br;q=0.5', both)).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.3', both)).toBe('gzip');
    expect(negotiateEncoding('*', both)).toBe('br');
    expect(negotiateEncoding('*;q=0.5, br;q=0', both)).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0', both)).toBeNull();
    expect(negotiateEncoding('identity', both)).toBeNull();
    expect(negotiateEncoding('gzip;q=0.5, identity', both)).toBeNull();
    expect(negotiateEncoding('', both)).toBeNull();
    expect(negotiateEncoding(undefined, both)).toBeNull();
    expect(negotiateEncoding(' GZIP ; Q=0.8 , deflate', both)).toBe('gzip');
  });
});

describe('web app files', () => {
  it('sends the Brotli copy of a hashed asset to a browser that accepts it, immutable, with its own type', async () => {
    const res = await get('/assets/app-abc123.js', CHROME);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(res.headers)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.raw.length);
    expect(res.raw.length).toBeLessThan(JS.length / 4);
    expect(res.text).toBe(JS);
    // The security headers apply to files too.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeTruthy();
  });

  it('sends gzip when only gzip is accepted, the file itself when nothing is', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(JS);
    expect(varies(gz.headers)).toBe(true);

    for (const ae of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/assets/app-abc123.js', ae);
      expect(plain.status, String(ae)).toBe(200);
      expect(plain.headers['content-encoding'], String(ae)).toBeUndefined();
      expect(plain.raw.toString(), String(ae)).toBe(JS);
      expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(JS));
      expect(varies(plain.headers), String(ae)).toBe(true);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers HEAD with the headers of the chosen copy and no body', async () => {
    const res = await get('/assets/app-abc123.js', CHROME, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(JS).length);
    expect(res.raw.length).toBe(0);
  });

  it('revalidates by Last-Modified (304)', async () => {
    const first = await get('/images/phone.svg', CHROME);
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await get('/images/phone.svg', CHROME, 'GET', {
      'If-Modified-Since': first.headers['last-modified']!,
    });
    expect(again.status).toBe(304);
  });

  it('compresses other text files (SVG images) with their usual cache time', async () => {
    const res = await get('/images/phone.svg', CHROME);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.text).toBe(SVG);
  });

  it('sends files without a compressed copy as they are', async () => {
    const css = await get('/assets/tiny-abc123.css', CHROME);
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.text).toBe('a{color:red}');
    const icon = await get('/favicon.svg', CHROME);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
  });

  it('serves index.html compressed and never cached without revalidation', async () => {
    const res = await get('/index.html', CHROME);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(varies(res.headers)).toBe(true);
    expect(res.text).toBe(HTML);
    const plain = await get('/index.html', undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.text).toBe(HTML);
  });

  it('answers the catalogue and product routes with index.html carrying their own head (test/pages.test.ts), compressed, no-cache', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/page/2', 200],
      ['/search/usb%20c', 200],
      ['/product/abc', 404],
    ] as const) {
      for (const coding of [CHROME, undefined]) {
        const res = await get(path, coding);
        expect(res.status, path).toBe(status);
        expect(res.headers['content-type'], path).toMatch(/^text\/html/);
        expect(res.headers['content-encoding'], path).toBe(coding ? 'br' : undefined);
        expect(res.headers['cache-control'], path).toBe('no-cache');
        expect(res.text, path).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
        expect(res.text, path).toMatch(/<\/html>$/);
        expect(res.text, path).not.toBe(HTML);
      }
    }
  });

  it('answers the other single-page app routes with index.html as it is (no-cache), in the accepted coding', async () => {
    for (const path of ['/cart/abc?qty=1', '/admin/productlist/2', '/login', '/order/abc']) {
      const res = await get(path, 'gzip');
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('gzip');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.text, path).toBe(HTML);
    }
  });

  it('answers a URL that is no page of the shop with the app (its "not found" page) and a 404, so it is not indexed', async () => {
    for (const path of [
      '/this-does-not-exist',
      '/.env',
      '/favicon.ico',
      '/product',
      '/order/abc/receipt',
      '/wp-login.php',
    ]) {
      const res = await get(path, 'gzip');
      expect(res.status, path).toBe(404);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.text, path).toBe(HTML);
    }
    // Every page of the route table is one (the admin's pages are its own router's: all under /admin).
    for (const path of [
      '/cart',
      '/cart/abc/',
      '/order/abc/invoice',
      '/order/abc/packing-slip',
      '/policies/returns',
      '/reset-password/t0k',
      '/unsubscribe/cart-reminders/x.y',
      '/admin',
      '/admin/couponlist',
      '/compare?ids=a,b',
    ])
      expect((await get(path, 'gzip')).status, path).toBe(200);
  });

  it('sends no preload with pages whose data is inlined, nor with any other', async () => {
    for (const path of ['/', '/product/abc', '/index.html', '/page/2', '/assets/app-abc123.js']) {
      expect((await get(path, CHROME)).headers.link, path).toBeUndefined();
    }
  });

  it('when the catalogue cannot be read, sends the home page as it is, announcing its first API calls (Link: preload)', async () => {
    const failing: CatalogReader = {
      list: () => Promise.reject(new Error('store down')),
      top: () => Promise.reject(new Error('store down')),
      get: () => Promise.reject(new Error('store down')),
    };
    const app = express();
    serveWebApp(app, dist, {
      preloads: { '/': HOME_PRELOADS },
      pages: pageRoutes({ catalog: failing, template: indexTemplate(dist), pageSize: 8, cacheControl: HTML_CACHE }),
    });
    const server = await new Promise<Server>((r) => {
      const s = app.listen(0, '127.0.0.1', () => r(s));
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const address = server.address() as AddressInfo;
      const home = await fetch(`http://127.0.0.1:${address.port}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('link')).toBe(preloadLinks(HOME_PRELOADS));
      expect(home.headers.get('link')).toContain('</api/products/top>; rel=preload; as=fetch; crossorigin');
      expect(await home.text()).toBe(HTML);
      expect(HOME_PRELOADS).toEqual(['/api/products?keyword=&pageNumber=1', '/api/products/top']);
      const product = await fetch(`http://127.0.0.1:${address.port}/product/abc`);
      expect(product.status).toBe(200);
      expect(product.headers.get('link')).toBeNull();
      expect(await product.text()).toBe(HTML);
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('has the emulators’ Hosting send the same Link header with the home page, and deployed Hosting none', () => {
    // Deployed, the Firebase web build reads the catalogue from Firestore: a preload would only wake the function.
    const homeLink = (file: string) => {
      const hosting = JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')).hosting as {
        headers: { source: string; headers: { key: string; value: string }[] }[];
      };
      return hosting.headers.find((h) => h.source === '/')?.headers.find((h) => h.key === 'Link')?.value;
    };
    expect(homeLink('firebase.emulators.json')).toBe(preloadLinks(HOME_PRELOADS));
    expect(homeLink('firebase.json')).toBeUndefined();
  });

  it('gives a 404 for a missing hashed asset (an old page after a deploy), never index.html', async () => {
    const res = await get('/assets/missing-abc123.js', CHROME);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('falls back to the plain file when a compressed copy disappeared under the running server', async () => {
    rmSync(join(dist, 'assets', 'gone-abc123.js.br'));
    const res = await get('/assets/gone-abc123.js', CHROME);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.raw.toString()).toBe(JS);
  });

  it('finds the hashed assets of a build written under the running server', async () => {
    const name = 'later-def456.js';
    writeFileSync(join(dist, 'assets', name), JS);
    writeFileSync(join(dist, 'assets', `${name}.br`), brotliCompressSync(JS));
    await new Promise((r) => setTimeout(r, 1100)); // the file list is looked at again at most once a second
    const res = await get(`/assets/${name}`, CHROME);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.text).toBe(JS);
  });

  it('leaves the API alone: JSON answers and JSON 404s, not the web app', async () => {
    const list = await get('/api/products', CHROME);
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(list.text).products.length).toBeGreaterThan(0);
    const missing = await get('/api/nothing-here', CHROME);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    const upload = await get('/uploads/nothing.png', CHROME);
    expect(upload.status).toBe(404);
  });
});
