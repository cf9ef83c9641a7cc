// One region for every function (the REGION parameter, default us-central1), so a shop whose Firestore and Storage
// are in the EU deploys its functions there too: firebase-tools refuses a Storage trigger in another region than
// its bucket, and a function far from its database pays a long round trip per transaction step.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARED } from '../../../scripts/firebase/rehearsal.mjs';

type Exports = Record<string, unknown>;
let entry: Exports;
const saved = { FIREBASE_CONFIG: process.env.FIREBASE_CONFIG, GCLOUD_PROJECT: process.env.GCLOUD_PROJECT };

beforeAll(async () => {
  // What firebase-tools gives the code at deploy-time discovery (the Storage trigger reads its bucket from it).
  process.env.FIREBASE_CONFIG = JSON.stringify({ projectId: 'p', storageBucket: 'p.firebasestorage.app' });
  process.env.GCLOUD_PROJECT = 'p';
  entry = (await import('../../src/index.js')) as Exports;
});
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const functionsOf = (exports: Exports) =>
  Object.entries(exports).filter(([, v]) => typeof v === 'function' && '__endpoint' in (v as object)) as [
    string,
    { __endpoint: { region: unknown } },
  ][];

describe('the REGION parameter', () => {
  it('is a string parameter defaulting to us-central1', () => {
    const region = entry.region as { name: string; options: { default: string } };
    expect(region.name).toBe('REGION');
    expect(region.options.default).toBe('us-central1');
    expect(entry.DEFAULT_REGION).toBe('us-central1');
  });

  it('places every exported function (the declaration the release rehearsal checks: rehearsal.mjs DECLARED)', () => {
    const fns = functionsOf(entry);
    expect(fns.map(([name]) => name).sort()).toEqual(Object.keys(DECLARED.endpoints).sort());
    for (const [name, fn] of fns) expect(fn.__endpoint.region, name).toBe(entry.region);
  });

  it('is the only region named: the code names no literal region, Hosting’s rewrites follow the functions', () => {
    const source = readFileSync(new URL('../../src/index.ts', import.meta.url), 'utf8');
    expect(source.match(/region:\s*['"]/g) ?? []).toEqual([]);
    for (const file of ['firebase.json', 'firebase.emulators.json']) {
      const { hosting } = JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8')) as {
        hosting: { rewrites: { function?: { region?: string } }[] };
      };
      for (const rewrite of hosting.rewrites) expect(rewrite.function?.region, file).toBeUndefined();
    }
  });
});

describe('the image trigger', () => {
  it('is retried, one image per instance, at most 5 instances', () => {
    const endpoint = (entry.reencodeUpload as { __endpoint: Record<string, any> }).__endpoint;
    expect(endpoint.eventTrigger.retry).toBe(true);
    expect(endpoint.concurrency).toBe(1);
    expect(endpoint.maxInstances).toBe(5);
  });
});
