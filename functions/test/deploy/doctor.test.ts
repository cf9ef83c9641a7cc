// `npm run firebase:doctor` (scripts/firebase/doctor.mjs): passes on the repository as committed (with the
// docs' own .env sample for a project, and a Firebase web build), and fails with a clear reason on each
// deliberately broken config.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUILD_KIND_FILE,
  declaredParams,
  diagnose,
  regionFitsLocation,
  rulesProblems,
} from '../../../scripts/firebase/doctor.mjs';

const repo = new URL('../../../', import.meta.url).pathname;
const PROJECT = 'my-voltshop';

/** The `.env` sample of docs/firebase.md, step 7 (the one a reader copies). */
function docsEnvSample(): string {
  const docs = readFileSync(join(repo, 'docs', 'firebase.md'), 'utf8');
  const step = docs.slice(docs.indexOf('7. **Parameters and secrets.**'));
  const block = /```sh\n([\s\S]*?)```/.exec(step)![1]!;
  return block
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of what the doctor reads, plus the docs' .env sample and a Firebase web build. */
function fixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'voltshop-doctor-'));
  dirs.push(dir);
  for (const file of [
    'firebase.json',
    'firebase.emulators.json',
    'firestore.indexes.json',
    'firestore.rules',
    'storage.rules',
    '.firebaserc',
  ])
    cpSync(join(repo, file), join(dir, file));
  cpSync(join(repo, 'functions', 'src'), join(dir, 'functions', 'src'), { recursive: true });
  writeFileSync(join(dir, 'functions', `.env.${PROJECT}`), docsEnvSample());
  mkdirSync(join(dir, 'web', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'web', 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'web', 'dist', BUILD_KIND_FILE), JSON.stringify({ backend: 'firebase', emulators: false }));
  return dir;
}

const edit = (dir: string, file: string, change: (text: string) => string) =>
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));

const messages = async (dir: string, options: { location?: string } = {}) =>
  (await diagnose({ root: dir, project: PROJECT, ...options })).problems.map((p) => `[${p.check}] ${p.message}`);

describe('firebase:doctor', () => {
  it('passes on the repository as committed, with the docs’ .env sample', async () => {
    const dir = fixture();
    expect(await messages(dir)).toEqual([]);
    expect(await messages(dir, { location: 'nam5' })).toEqual([]);
  });

  it('the docs’ .env sample names every parameter the functions declare (PUBLIC_URL and REGION included)', () => {
    const sample = docsEnvSample();
    const names = declaredParams(repo)
      .filter((p) => !p.kind.includes('secret'))
      .map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['PUBLIC_URL', 'REGION', 'WEB_API_KEY']));
    for (const name of names) expect(sample, name).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it('fails on a duplicate index', async () => {
    const dir = fixture();
    edit(dir, 'firestore.indexes.json', (text) => {
      const file = JSON.parse(text) as { indexes: unknown[] };
      file.indexes.push(file.indexes[3]);
      return JSON.stringify(file);
    });
    const found = await messages(dir);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^\[indexes\] firestore\.indexes\.json: products \(.*\) is listed twice: .*409/);
  });

  it('fails on a missing and on an unused index', async () => {
    const dir = fixture();
    edit(dir, 'firestore.indexes.json', (text) => {
      const file = JSON.parse(text) as { indexes: { fields: { fieldPath: string }[] }[] };
      const keywordAndCategory = file.indexes.findIndex((i) =>
        ['searchKeys', 'category'].every((f) => i.fields.some((x) => x.fieldPath === f)),
      );
      file.indexes.splice(keywordAndCategory, 1);
      file.indexes.push({
        fields: [{ fieldPath: 'a' }, { fieldPath: 'b' }],
        ...{ collectionGroup: 'products', queryScope: 'COLLECTION' },
      } as never);
      return JSON.stringify(file);
    });
    const found = await messages(dir);
    expect(found.some((m) => /no index products \(category ASCENDING, searchKeys CONTAINS/.test(m))).toBe(true);
    expect(found.some((m) => /is used by no query/.test(m))).toBe(true);
  });

  it('fails on a wrong region: unknown, a rewrite elsewhere, or outside the database’s location', async () => {
    const dir = fixture();
    edit(dir, `functions/.env.${PROJECT}`, (text) => text.replace(/^REGION=.*$/m, 'REGION=europe-west1'));
    expect(await messages(dir, { location: 'eur3' })).toEqual([]);
    expect((await messages(dir, { location: 'nam5' }))[0]).toMatch(
      /^\[region\] REGION=europe-west1 is outside the Firestore\/Storage location nam5/,
    );
    edit(dir, 'firebase.json', (text) =>
      text.replace('"functionId": "api" }', '"functionId": "api", "region": "us-central1" }'),
    );
    expect(await messages(dir)).toEqual([
      expect.stringMatching(
        /^\[region\] firebase\.json: the rewrite of \/api\/\*\* goes to api in us-central1, but the functions deploy to europe-west1/,
      ),
      expect.stringMatching(/^\[headers\] firebase\.emulators\.json/), // the emulators' copy is now stale too
    ]);
    edit(dir, `functions/.env.${PROJECT}`, (text) => text.replace(/^REGION=.*$/m, 'REGION=eur3'));
    expect((await messages(dir)).some((m) => /REGION=eur3 .* is not a Cloud Functions region/.test(m))).toBe(true);
  });

  it('fails on a missing parameter, and on a secret written in the .env file', async () => {
    const dir = fixture();
    edit(dir, `functions/.env.${PROJECT}`, (text) => text.replace(/^PUBLIC_URL=.*\n/m, ''));
    expect(await messages(dir)).toEqual([
      expect.stringMatching(/^\[params\] functions\/\.env\.my-voltshop has no PUBLIC_URL .*prompt/),
    ]);
    edit(dir, `functions/.env.${PROJECT}`, (text) => `${text}\nPUBLIC_URL=http://insecure\nPAYPAL_CLIENT_SECRET=x\n`);
    const found = await messages(dir);
    expect(found.some((m) => /PUBLIC_URL=http:\/\/insecure is not an https URL/.test(m))).toBe(true);
    expect(found.some((m) => /sets PAYPAL_CLIENT_SECRET, a secret/.test(m))).toBe(true);
    rmSync(join(dir, 'functions', `.env.${PROJECT}`));
    expect((await messages(dir))[0]).toMatch(
      /functions\/\.env\.my-voltshop is missing: firebase deploy would prompt for REGION/,
    );
  });

  it('fails on an embedded (or emulator) web build in web/dist', async () => {
    const dir = fixture();
    writeFileSync(join(dir, 'web', 'dist', BUILD_KIND_FILE), JSON.stringify({ backend: 'embedded', emulators: false }));
    expect(await messages(dir)).toEqual([expect.stringMatching(/^\[web\] web\/dist is the embedded build/)]);
    writeFileSync(join(dir, 'web', 'dist', BUILD_KIND_FILE), JSON.stringify({ backend: 'firebase', emulators: true }));
    expect(await messages(dir)).toEqual([expect.stringMatching(/^\[web\] web\/dist is the emulator build/)]);
    rmSync(join(dir, 'web', 'dist', BUILD_KIND_FILE));
    expect(await messages(dir)).toEqual([expect.stringMatching(/^\[web\] web\/dist has no voltshop-build\.json/)]);
    rmSync(join(dir, 'web', 'dist'), { recursive: true });
    expect(await messages(dir)).toEqual([]); // not built yet: the deploy builds it
    const strict = await diagnose({ root: dir, project: PROJECT, requireWeb: true });
    expect(strict.problems.map((p) => p.check)).toEqual(['web']);
  });

  it('fails on an old runtime, broken rules and stale headers', async () => {
    const dir = fixture();
    edit(dir, 'firebase.json', (text) => text.replace('"runtime": "nodejs22"', '"runtime": "nodejs20"'));
    edit(dir, 'storage.rules', (text) => text.replace(/\}\s*$/, ''));
    const found = await messages(dir);
    expect(found.some((m) => /^\[runtime\] firebase\.json: functions "default" run on nodejs20/.test(m))).toBe(true);
    expect(found.some((m) => /^\[rules\] storage\.rules line \d+: `\{` is never closed/.test(m))).toBe(true);
    expect(found.some((m) => /^\[headers\] firebase\.emulators\.json/.test(m))).toBe(true);
  });
});

describe('rules sanity', () => {
  it('accepts the committed rules and points at what is wrong', () => {
    expect(rulesProblems(readFileSync(join(repo, 'firestore.rules'), 'utf8'), 'cloud.firestore')).toEqual([]);
    expect(rulesProblems(readFileSync(join(repo, 'storage.rules'), 'utf8'), 'firebase.storage')).toEqual([]);
    const bad =
      "rules_version = '2';\nservice cloud.firestore {\n  match /a/{b} {\n    allow reed: if true;\n    allow get: if (true;\n  }\n}\n";
    expect(rulesProblems(bad, 'cloud.firestore')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/line 4: `reed` is not an operation/),
        expect.stringMatching(/line 6: `\}` closes the `\(` of line 5/),
      ]),
    );
    expect(rulesProblems('service cloud.firestore {}', 'firebase.storage')).toEqual([
      "does not start with rules_version = '2';",
      'has no `service firebase.storage {`',
    ]);
  });

  it('knows which regions a location covers', () => {
    expect(regionFitsLocation('us-central1', 'nam5')).toBe(true);
    expect(regionFitsLocation('europe-west1', 'eur3')).toBe(true);
    expect(regionFitsLocation('us-central1', 'eur3')).toBe(false);
    expect(regionFitsLocation('asia-northeast1', 'asia-northeast1')).toBe(true);
  });
});
