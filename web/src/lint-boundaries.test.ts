// @vitest-environment node
// The import boundaries of eslint.config.js, tried on snippets placed (by path) inside the web app.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

/** The no-restricted-imports messages for `code` as if it were the file at `filePath` (from the repo root). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

describe('lint boundaries of the web app', { timeout: 60_000 }, () => {
  it("refuses a feature importing another feature's internals by alias", async () => {
    const errors = await boundaryErrors(
      'web/src/features/cart/routes/Probe.tsx',
      "import { productQuery } from '@/features/catalog/api/getProduct';\nexport const q = productQuery;\n",
    );
    expect(errors).toEqual([expect.stringContaining('public entry, @/features/<name>')]);
  });

  it("refuses a feature reaching another feature's internals by a relative path", async () => {
    const deep = await boundaryErrors(
      'web/src/features/cart/routes/Probe.tsx',
      "import { getProduct } from '../../catalog/api/getProduct';\nexport const g = getProduct;\n",
    );
    expect(deep).toEqual([expect.stringContaining('public entry')]);
    const shallow = await boundaryErrors(
      'web/src/features/cart/Probe.ts',
      "import { MyOrders } from '../orders/components/MyOrders';\nexport const m = MyOrders;\n",
    );
    expect(shallow).toEqual([expect.stringContaining('public entry')]);
  });

  it("lets a feature use another feature's public entry, and its own files by any path", async () => {
    const code = [
      "import { productQuery } from '@/features/catalog';",
      "import { OrderSummary } from '@/features/orders';",
      "import { cartCount } from '../store';",
      "import { CartPage } from '@/features/cart/routes/CartPage';",
      'export const all = [productQuery, OrderSummary, cartCount, CartPage];',
      '',
    ].join('\n');
    expect(await boundaryErrors('web/src/features/cart/routes/Probe.tsx', code)).toEqual([]);
  });

  it('refuses web code importing from functions/ other than the domain', async () => {
    const errors = await boundaryErrors(
      'web/src/lib/Probe.ts',
      "import { COLLECTIONS } from '../../../functions/src/adapters/firebase/firestore';\nexport const c = COLLECTIONS;\n",
    );
    expect(errors).toEqual([expect.stringContaining('nothing from functions/ but the domain')]);
    const domain =
      "import { formatPrice } from '@domain';\nimport { COLLECTIONS } from '@firestore/schema';\nexport const d = [formatPrice, COLLECTIONS];\n";
    expect(await boundaryErrors('web/src/lib/Probe.ts', domain)).toEqual([]);
  });

  it('lets the e2e suite reach the server test helpers only through its declared entry', async () => {
    const direct =
      "import { startFakePayPal } from '../../functions/test/support/fakePayPal';\nexport const s = startFakePayPal;\n";
    expect(await boundaryErrors('web/e2e/Probe.e2e.ts', direct)).toEqual([
      expect.stringContaining('nothing from functions/'),
    ]);
    const entry = "export { startFakePayPal } from '../../../functions/test/support/fakePayPal';\n";
    expect(await boundaryErrors('web/e2e/support/serverTestHelpers.ts', entry)).toEqual([]);
    const server = "export { createStore } from '../../../functions/src/adapters/embedded/store';\n";
    expect(await boundaryErrors('web/e2e/support/serverTestHelpers.ts', server)).toEqual([
      expect.stringContaining('Only the server test helpers'),
    ]);
  });

  it('refuses in app code what React 19 does and Preact (the production build) does not: autoFocus, <title> and <meta>', async () => {
    const code = [
      'export const Probe = () => (',
      '  <>',
      '    <title>Page</title>',
      '    <meta name="description" content="d" />',
      '    <input autoFocus />',
      '  </>',
      ');',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: `${repoRoot}web/src/features/cart/Probe.tsx` });
    const messages = result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    expect(messages).toEqual([
      expect.stringContaining('use <Meta>'),
      expect.stringContaining('use <Meta>'),
      expect.stringContaining('focus from a ref'),
    ]);
    const [plain] = await eslint.lintText('export const Probe = () => <input name="q" />;\n', {
      filePath: `${repoRoot}web/src/features/cart/Probe.tsx`,
    });
    expect(plain.messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toEqual([]);
  });
});
