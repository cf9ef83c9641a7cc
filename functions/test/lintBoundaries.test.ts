// The API's import rules (eslint.config.js API_ZONES and import-x/no-cycle; docs/architecture.md "Import rules"),
// tried on snippets placed by path inside functions/src: each forbidden edge is refused, the allowed ones are not.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

/** The messages of `rule` for `code` as if it were the file at `filePath` (from functions/src). */
async function errors(filePath: string, code: string, rule = 'import-x/no-restricted-paths'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}functions/src/${filePath}` });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

describe('import rules of the API', { timeout: 120_000 }, () => {
  it('keeps the domain alone: no adapter, port or mail in it', async () => {
    expect(
      await errors(
        'domain/probe.ts',
        "import { storageBucketName } from '../adapters/firebase/bucket.js';\nexport const d = storageBucketName;\n",
      ),
    ).toEqual([expect.stringContaining('imports nothing outside domain/')]);
    expect(
      await errors('domain/probe.ts', "import { systemClock } from '../ports.js';\nexport const c = systemClock;\n"),
    ).toEqual([expect.stringContaining('imports nothing outside domain/')]);
    expect(
      await errors('domain/probe.ts', "import { formatPrice } from './money.js';\nexport const f = formatPrice;\n"),
    ).toEqual([]);
  });

  it('refuses an adapter importing another backend’s adapter', async () => {
    expect(
      await errors(
        'adapters/embedded/probe.ts',
        "import { CloudStorageFiles } from '../firebase/files.js';\nexport const f = CloudStorageFiles;\n",
      ),
    ).toEqual([expect.stringContaining('never import each other')]);
    expect(
      await errors(
        'adapters/firebase/store/probe.ts',
        "import { paymentGateway } from '../../payments/index.js';\nexport const p = paymentGateway;\n",
      ),
    ).toEqual([expect.stringContaining('never import each other')]);
    expect(
      await errors(
        'adapters/payments/probe.ts',
        "import { Database } from '../embedded/db.js';\nexport const d = Database;\n",
      ),
    ).not.toEqual([]);
    // Its own backend's files, the shared helpers and the use cases are fine.
    const own =
      "import { Database } from './db.js';\nimport { HmacOrderLinks } from '../orderLinks.js';\nimport { createOrderStore } from '../../orders/orderUseCases.js';\nexport const all = [Database, HmacOrderLinks, createOrderStore];\n";
    expect(await errors('adapters/embedded/probe.ts', own)).toEqual([]);
  });

  it('refuses the Firebase adapter (what the deployed function loads) reaching the embedded one, its root included', async () => {
    expect(
      await errors(
        'adapters/firebase/index.ts',
        "export async function s() {\n  return (await import('../embedded/store.js')).createSqlStore;\n}\n",
      ),
    ).toEqual([expect.stringContaining('must not reach the embedded adapter')]);
    expect(
      await errors('index.ts', "export async function s() {\n  return import('./adapters/embedded/db.js');\n}\n"),
    ).toEqual([expect.stringContaining('compose the embedded adapter')]);
    // The dev-only root and the embedded server may.
    const compose =
      "import { createSqlStore } from '../adapters/embedded/store.js';\nexport const c = createSqlStore;\n";
    expect(await errors('devRoots/probe.ts', compose)).toEqual([]);
  });

  it('lets only a backend’s composition root pick the payments, the mailer and the live hub', async () => {
    const root =
      "import { paymentGateway } from '../payments/index.js';\nimport { chooseMailer } from '../../mail/mailer.js';\nimport { LiveHub } from '../../live/hub.js';\nexport const all = [paymentGateway, chooseMailer, LiveHub];\n";
    expect(await errors('adapters/embedded/index.ts', root)).toEqual([]);
    expect(await errors('adapters/embedded/probe.ts', root)).toEqual([
      expect.stringContaining('never import each other'),
      expect.stringContaining('through their ports'),
      expect.stringContaining('through their ports'),
    ]);
  });

  it('refuses an adapter importing mail/ (mail goes through its port)', async () => {
    expect(
      await errors(
        'adapters/firebase/probe.ts',
        "import { accountMails } from '../../mail/accountMails.js';\nexport const a = accountMails;\n",
      ),
    ).toEqual([expect.stringContaining('through their ports')]);
    expect(
      await errors(
        'adapters/embedded/probe.ts',
        "import type { OutboxStore } from '../../mail/outboxWorker.js';\nexport type O = OutboxStore;\n",
      ),
    ).toEqual([expect.stringContaining('through their ports')]);
  });

  it('refuses a route or the HTTP glue importing an adapter', async () => {
    const code = "import { Database } from '../../adapters/embedded/db.js';\nexport const d = Database;\n";
    expect(await errors('features/orders/probe.ts', code)).toEqual([
      expect.stringContaining('use the ports'),
      expect.stringContaining('compose the embedded adapter'),
    ]);
    expect(
      await errors(
        'http/probe.ts',
        "import { publicUrl } from '../adapters/firebase/files.js';\nexport const p = publicUrl;\n",
      ),
    ).toEqual([expect.stringContaining('use the ports')]);
  });

  it('refuses a capability module importing an adapter, and the domain importing a module (issue 39)', async () => {
    expect(
      await errors(
        'modules/addresses/probe.ts',
        "import { FirestoreModelStore } from '../../adapters/firebase/store/modelStore.js';\nexport const s = FirestoreModelStore;\n",
      ),
    ).toEqual([expect.stringContaining('generic ModelStore port')]);
    expect(
      await errors(
        'modules/addresses/probe.ts',
        "import { SqlModelStore } from '../../adapters/embedded/modelStore.js';\nexport const s = SqlModelStore;\n",
      ),
    ).toEqual([
      expect.stringContaining('generic ModelStore port'),
      expect.stringContaining('compose the embedded adapter'),
    ]);
    expect(
      await errors('domain/probe.ts', "import { MODULES } from '../modules/index.js';\nexport const m = MODULES;\n"),
    ).toEqual([expect.stringContaining('imports nothing outside domain/')]);
    // The port, the domain and the HTTP glue are a module's to use; a backend builds its stores from the list.
    const own =
      "import { defineModule } from '../module.js';\nimport { ADDRESS_MODEL } from '../../domain/index.js';\nimport { handle } from '../../http/endpoint.js';\nexport const all = [defineModule, ADDRESS_MODEL, handle];\n";
    expect(await errors('modules/addresses/probe.ts', own)).toEqual([]);
    expect(
      await errors(
        'adapters/firebase/store/probe.ts',
        "import { moduleStores } from '../../../modules/index.js';\nexport const m = moduleStores;\n",
      ),
    ).toEqual([]);
  });

  it('refuses the order use cases importing HTTP, an adapter or mail beyond the order messages', async () => {
    expect(
      await errors('orders/probe.ts', "import { parse } from '../http/validate.js';\nexport const p = parse;\n"),
    ).toEqual([expect.stringContaining('never an adapter, HTTP')]);
    expect(
      await errors('orders/probe.ts', "import { SmtpMailer } from '../mail/smtp.js';\nexport const s = SmtpMailer;\n"),
    ).toEqual([expect.stringContaining('MailQueue port')]);
    expect(
      await errors(
        'orders/probe.ts',
        "import { refundMail } from '../mail/orderMails.js';\nexport const r = refundMail;\n",
      ),
    ).toEqual([]);
  });

  it('refuses an import cycle (orderMoney.ts is the leaf refunds.ts reads)', async () => {
    const cycle = await errors(
      'domain/orderMoney.ts',
      "import { refundAnswer } from './refunds.js';\nexport const r = refundAnswer;\n",
      'import-x/no-cycle',
    );
    expect(cycle).toEqual([expect.stringContaining('Dependency cycle')]);
    // A type-only import is erased: no cycle at run time.
    expect(
      await errors(
        'domain/orderMoney.ts',
        "import type { RefundRequest } from './refunds.js';\nexport type R = RefundRequest;\n",
        'import-x/no-cycle',
      ),
    ).toEqual([]);
  });
});
