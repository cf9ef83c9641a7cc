// The release rehearsal (scripts/firebase/rehearsal.mjs, issue 37): the functions' package staged as
// `firebase deploy` uploads it, installed with Cloud Build's `npm ci --omit=dev` (from npm's cache here), loaded
// and discovered by firebase-functions, its manifest compared with what the project declares. A first deploy failed
// in Cloud Build because the generated lockfile left out functions/package.json's devDependencies; nothing caught it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { standaloneLockfile, type Lockfile } from '../../../scripts/firebase/functions-lockfile.mjs';
import {
  DECLARED,
  embeddedOnlyProblems,
  install,
  manifestProblems,
  rehearse,
} from '../../../scripts/firebase/rehearsal.mjs';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'));
const rootLock = read('package-lock.json') as Lockfile;
const manifest = read('functions/package.json') as Record<string, Record<string, string>>;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding only a package.json and a lockfile: npm ci's in-sync check runs before any download. */
function packageDir(pkg: object, lock: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'voltshop-insync-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock));
  return dir;
}

/** The lockfile as the generator wrote it before issue 37: no devDependencies, none of their packages. */
function lockfileWithoutDevDependencies(): Lockfile {
  const lock = standaloneLockfile(rootLock, manifest);
  const { devDependencies: _dev, ...root } = lock.packages['']!;
  const packages = Object.fromEntries(Object.entries(lock.packages).filter(([, entry]) => entry.dev !== true));
  return { ...lock, packages: { ...packages, '': root } };
}

describe('the release rehearsal', () => {
  it('installs the uploaded package with npm ci --omit=dev, loads it, and discovers what the project declares', async () => {
    const { problems, timings, manifest: discovered } = await rehearse();
    expect(problems).toEqual([]);
    expect(Object.keys(discovered!.endpoints).sort()).toEqual(Object.keys(DECLARED.endpoints).sort());
    // Measured for the report (docs/firebase.md "What has run where"): tsc, npm ci, discovery.
    console.info(`[rehearsal] ${JSON.stringify(timings)}`);
  }, 300_000);

  it('fails when libsql (the embedded backend’s SQLite) would ship in the function', () => {
    expect(manifest.dependencies).not.toHaveProperty('libsql');
    const dir = mkdtempSync(join(tmpdir(), 'voltshop-embedded-only-'));
    dirs.push(dir);
    expect(embeddedOnlyProblems(dir)).toEqual([]);
    mkdirSync(join(dir, 'node_modules', 'libsql'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'libsql', 'index.js'), 'x'.repeat(1000));
    expect(embeddedOnlyProblems(dir)).toEqual([expect.stringMatching(/^libsql is installed in the function/)]);
  });

  it('fails when a devDependency is missing from the lockfile (the csv-parse deploy break)', async () => {
    expect(manifest.devDependencies).toBeDefined(); // the case this guards: a package.json with devDependencies
    const dir = packageDir(manifest, lockfileWithoutDevDependencies());
    await expect(install(dir)).rejects.toThrow(/npm ci --omit=dev failed[\s\S]*Missing: csv-parse@.* from lock file/);
  });

  it('fails when a dependency is missing from the lockfile', async () => {
    const lock = standaloneLockfile(rootLock, manifest);
    const extra = { ...manifest, dependencies: { ...manifest.dependencies, 'left-pad': '1.3.0' } };
    const dir = packageDir(extra, lock);
    await expect(install(dir)).rejects.toThrow(/Missing: left-pad@1\.3\.0 from lock file/);
  });

  it('names each difference between a discovered manifest and the declaration', () => {
    const wire = {
      endpoints: {
        api: {
          platform: 'gcfv2',
          region: 'us-central1',
          httpsTrigger: { invoker: ['public'] },
          secretEnvironmentVariables: [{ key: 'PAYPAL_CLIENT_SECRET' }],
        },
        expireOrders: {
          platform: 'gcfv2',
          region: '{{ params.REGION }}',
          scheduleTrigger: { schedule: 'every 15 minutes' },
        },
      },
      params: [{ name: 'REGION', type: 'string', default: 'europe-west1' }],
    };
    const problems = manifestProblems(wire);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^functions: discovered api, expireOrders; declared api, expireOrders, pages/),
        'api: region "us-central1", not the REGION parameter',
        'api: secrets [PAYPAL_CLIENT_SECRET], declared [ORDER_LINK_SECRET,PAYPAL_CLIENT_SECRET]',
        'expireOrders: schedule "every 15 minutes", declared "every 5 minutes"',
        'params: REGION defaults to "europe-west1", declared "us-central1"',
        'params: SMTP_URL is not declared by the functions',
      ]),
    );
  });
});
