// The web calls the API only through the generated routes (./endpoints.gen.ts, from functions/src/api/endpoints.ts;
// generated before the tests, not committed: scripts/web-endpoints.mjs)
// and `call`/`urlOf` (./api.ts): no '/api/…' literal elsewhere, so a path changes in the table or nowhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, urlOf } from './api';
import { couponCheck, orderExport, orderGet, orderReturnDecide, productList, productTop } from './endpoints.gen';

const SRC = join(__dirname, '..');
/** Files allowed to spell an /api/ path: the generated client only (tests say what the server is asked). */
const generated = (file: string) => file === 'lib/endpoints.gen.ts' || /^lib\/endpoints\/[\w-]+\.gen\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the endpoint table on the web', () => {
  it("has no '/api/' string literal outside the generated client", () => {
    const offenders = sourceFiles(SRC)
      .map((file) => relative(SRC, file))
      .filter((file) => !generated(file))
      .filter((file) => /['"`]\/api(\/|['"`?])/.test(readFileSync(join(SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it("imports only the table's types: its values would bring every zod schema into the bundle", () => {
    const offenders = sourceFiles(SRC)
      .map((file) => relative(SRC, file))
      .filter((file) => /import\s+(?!type\b)[^;]*from\s+'@api\/endpoints'/.test(readFileSync(join(SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
    expect(readFileSync(join(SRC, 'lib/endpoints/orders.gen.ts'), 'utf8')).toContain(
      "import type { Endpoints } from '@api/endpoints';",
    );
  });

  it('builds URLs: parameters encoded, object queries without empty values, URLSearchParams as given', () => {
    expect(urlOf(orderReturnDecide, { id: 'o 1', returnId: 'r/2' })).toBe('/api/orders/o%201/returns/r%2F2');
    expect(urlOf(orderGet, { id: 'o1' }, { token: undefined })).toBe('/api/orders/o1');
    expect(urlOf(orderGet, { id: 'o1' }, { token: 'a&b' })).toBe('/api/orders/o1?token=a%26b');
    expect(urlOf(orderExport, undefined, { status: 'paid', search: '', from: '2026-01-01' })).toBe(
      '/api/orders/export.csv?status=paid&from=2026-01-01',
    );
    // The catalogue's first page keeps its exact URL (the server preloads it): an empty keyword included.
    expect(urlOf(productList, undefined, new URLSearchParams({ keyword: '', pageNumber: '1' }))).toBe(
      '/api/products?keyword=&pageNumber=1',
    );
    expect(() => urlOf(orderGet, {})).toThrow(/id/);
  });

  describe('call', () => {
    afterEach(() => vi.unstubAllGlobals());

    it("sends the route's method, the JSON body and the query, and answers the body", async () => {
      const fetch = vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'SAVE', ok: true }), {
            headers: { 'Content-Type': 'application/json' },
          }),
      );
      vi.stubGlobal('fetch', fetch);
      const items = [{ product: 'p1', qty: 1 }];
      const answer = await call(couponCheck, { body: { code: 'SAVE', items } });
      expect(answer).toEqual({ code: 'SAVE', ok: true });
      const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/coupons/check');
      expect(init.method).toBe('POST');
      expect(JSON.parse(init.body as string)).toEqual({ code: 'SAVE', items });

      await call(productTop);
      const [topUrl, topInit] = fetch.mock.calls[1] as unknown as [string, RequestInit];
      expect([topUrl, topInit.method, topInit.body]).toEqual(['/api/products/top', 'GET', undefined]);
    });
  });
});
