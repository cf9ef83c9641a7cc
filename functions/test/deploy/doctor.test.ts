// `npm run firebase:doctor` (scripts/firebase/doctor.mjs): passes on the repository as committed (with the
// docs' own .env sample for a project, and a Firebase web build), and fails with a clear reason on each
// deliberately broken config.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ALL_CHECKS,
  BUILD_KIND_FILE,
  bucketLocationFor,
  declaredParams,
  diagnose,
  regionFitsLocation,
  rulesProblems,
  storageTriggerAllowed,
} from '../../../scripts/firebase/doctor.mjs';
import {
  authorizedDomainProblems,
  projectFindings,
  storageRulesRoleProblems,
  tokenCreatorProblems,
} from '../../../scripts/firebase/project-checks.mjs';

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
  writeFileSync(join(dir, 'web', 'dist', '404.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'web', 'dist', BUILD_KIND_FILE), JSON.stringify({ backend: 'firebase', emulators: false }));
  return dir;
}

const edit = (dir: string, file: string, change: (text: string) => string) =>
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));

const messages = async (dir: string, options: { location?: string; bucketLocation?: string } = {}) =>
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
    expect(await messages(dir, { location: 'nam5' })).toEqual([
      expect.stringMatching(/^\[region\] REGION=europe-west1 is outside the Firestore location nam5/),
      expect.stringMatching(
        /^\[region\] REGION=europe-west1 cannot take the Storage trigger reencodeUpload on a bucket in US \(the bucket nam5 implies/,
      ),
    ]);
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

  it('refuses the region firebase-tools refuses for the Storage trigger, the bucket’s location its own input', async () => {
    const dir = fixture();
    edit(dir, `functions/.env.${PROJECT}`, (text) => text.replace(/^REGION=.*$/m, 'REGION=europe-west2'));
    // London is in Europe (near eur3), but firebase-tools' tables do not place it in the EU multi-region.
    expect(await messages(dir, { location: 'eur3' })).toEqual([
      expect.stringMatching(
        /^\[region\] REGION=europe-west2 cannot take the Storage trigger reencodeUpload on a bucket in EU .*"A function in region europe-west2 cannot listen to a bucket in region eu"\). Regions it accepts there: europe-central2, europe-north1, europe-west1, europe-west3, europe-west4 /,
      ),
    ]);
    expect(await messages(dir, { location: 'eur3', bucketLocation: 'EU' })).toHaveLength(1);
    // A bucket created in London: accepted, whatever the database's multi-region.
    expect(await messages(dir, { location: 'eur3', bucketLocation: 'europe-west2' })).toEqual([]);
    expect(await messages(dir, { bucketLocation: 'EUROPE-WEST2' })).toEqual([]);
    expect(await messages(dir, { bucketLocation: 'us-east1' })).toEqual([
      expect.stringMatching(/^\[region\] REGION=europe-west2 cannot take the Storage trigger .* bucket in US-EAST1:/),
    ]);
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
    edit(dir, `functions/.env.${PROJECT}`, (text) => `${text}\nHOSTING_EDGE_RANGES=151.101.0.0/33\n`);
    expect((await messages(dir)).some((m) => /HOSTING_EDGE_RANGES: "151\.101\.0\.0\/33" is not/.test(m))).toBe(true);
    rmSync(join(dir, 'functions', `.env.${PROJECT}`));
    expect((await messages(dir))[0]).toMatch(
      /functions\/\.env\.my-voltshop is missing: firebase deploy would prompt for REGION/,
    );
  });

  it('fails on an embedded (or emulator) web build in web/dist, or one without 404.html', async () => {
    const dir = fixture();
    writeFileSync(join(dir, 'web', 'dist', BUILD_KIND_FILE), JSON.stringify({ backend: 'embedded', emulators: false }));
    expect(await messages(dir)).toEqual([expect.stringMatching(/^\[web\] web\/dist is the embedded build/)]);
    writeFileSync(join(dir, 'web', 'dist', BUILD_KIND_FILE), JSON.stringify({ backend: 'firebase', emulators: true }));
    expect(await messages(dir)).toEqual([expect.stringMatching(/^\[web\] web\/dist is the emulator build/)]);
    writeFileSync(join(dir, 'web', 'dist', BUILD_KIND_FILE), JSON.stringify({ backend: 'firebase', emulators: false }));
    rmSync(join(dir, 'web', 'dist', '404.html'));
    expect(await messages(dir)).toEqual([expect.stringMatching(/^\[web\] web\/dist has no 404\.html/)]);
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

  it('mirrors firebase-tools’ rule for a Storage trigger’s region (lib/gcp/location.js)', () => {
    expect(storageTriggerAllowed('europe-west1', 'eu')).toBe(true);
    expect(storageTriggerAllowed('europe-west4', 'EU')).toBe(true);
    expect(storageTriggerAllowed('europe-west2', 'eu')).toBe(false);
    expect(storageTriggerAllowed('europe-west2', 'europe-west2')).toBe(true);
    expect(storageTriggerAllowed('us-central1', 'us')).toBe(true);
    expect(storageTriggerAllowed('us-south1', 'us')).toBe(false); // not in firebase-tools' US table
    expect(storageTriggerAllowed('europe-west1', 'us-central1')).toBe(true); // its exception for us-central1
    expect(storageTriggerAllowed('us-east1', 'nam4')).toBe(true); // a dual-region
    expect(bucketLocationFor('nam5')).toBe('us');
    expect(bucketLocationFor('eur3')).toBe('eu');
    expect(bucketLocationFor('europe-west2')).toBe('europe-west2');
  });

  it('knows which regions a location covers', () => {
    expect(regionFitsLocation('us-central1', 'nam5')).toBe(true);
    expect(regionFitsLocation('europe-west1', 'eur3')).toBe(true);
    expect(regionFitsLocation('us-central1', 'eur3')).toBe(false);
    expect(regionFitsLocation('asia-northeast1', 'asia-northeast1')).toBe(true);
  });
});

describe('the project check (with the project’s credentials)', () => {
  const number = '123456789';
  const member = `serviceAccount:${number}-compute@developer.gserviceaccount.com`;
  const tokenCreator = { role: 'roles/iam.serviceAccountTokenCreator', members: [member] };

  it('is run by npm run firebase:doctor with the rehearsal, after the offline checks', () => {
    expect(ALL_CHECKS.slice(-2)).toEqual(['rehearsal', 'project']);
  });

  it('wants Service Account Token Creator for the compute account (project or account policy) and the API on', () => {
    const ok = { projectNumber: number, iamCredentialsState: 'ENABLED' };
    expect(tokenCreatorProblems({ ...ok, projectPolicy: { bindings: [tokenCreator] } })).toEqual([]);
    expect(
      tokenCreatorProblems({ ...ok, projectPolicy: {}, serviceAccountPolicy: { bindings: [tokenCreator] } }),
    ).toEqual([]);
    const editor = { bindings: [{ role: 'roles/editor', members: [member] }] };
    expect(tokenCreatorProblems({ ...ok, projectPolicy: editor })).toEqual([
      expect.stringMatching(
        /123456789-compute@developer\.gserviceaccount\.com lacks Service Account Token Creator: PUT \/api\/users\/profile/,
      ),
    ]);
    expect(
      tokenCreatorProblems({ ...ok, projectPolicy: { bindings: [tokenCreator] }, iamCredentialsState: 'DISABLED' }),
    ).toEqual([expect.stringMatching(/IAM Service Account Credentials API is DISABLED/)]);
  });

  it('wants Storage’s service agent to hold the cross-service rules role (a non-interactive deploy skips it)', () => {
    const storageAgent = `serviceAccount:service-${number}@gcp-sa-firebasestorage.iam.gserviceaccount.com`;
    const role = { role: 'roles/firebaserules.firestoreServiceAgent', members: [storageAgent] };
    expect(storageRulesRoleProblems({ projectNumber: number, projectPolicy: { bindings: [role] } })).toEqual([]);
    expect(storageRulesRoleProblems({ projectNumber: number, projectPolicy: { bindings: [] } })).toEqual([
      expect.stringMatching(/^Storage's service agent lacks roles\/firebaserules\.firestoreServiceAgent/),
    ]);
  });

  it('wants PUBLIC_URL’s host (else <project>.web.app) in Auth’s authorized domains', () => {
    const authorizedDomains = ['localhost', 'my-voltshop.firebaseapp.com', 'my-voltshop.web.app'];
    expect(authorizedDomainProblems({ authorizedDomains, publicUrl: '', project: PROJECT })).toEqual([]);
    expect(
      authorizedDomainProblems({ authorizedDomains, publicUrl: 'https://shop.example.com', project: PROJECT }),
    ).toEqual([expect.stringMatching(/^shop\.example\.com is not in Firebase Auth's authorized domains/)]);
  });

  it('reads the project through Google’s REST APIs when credentials are present, and says when it skipped', async () => {
    const answers: Record<string, unknown> = {
      [`https://cloudresourcemanager.googleapis.com/v1/projects/${PROJECT}`]: { projectNumber: number },
      [`https://cloudresourcemanager.googleapis.com/v1/projects/${PROJECT}:getIamPolicy`]: {
        bindings: [
          {
            role: 'roles/firebaserules.firestoreServiceAgent',
            members: [`serviceAccount:service-${number}@gcp-sa-firebasestorage.iam.gserviceaccount.com`],
          },
        ],
      },
      [`https://iam.googleapis.com/v1/projects/${PROJECT}/serviceAccounts/${number}-compute@developer.gserviceaccount.com:getIamPolicy`]:
        { bindings: [tokenCreator] },
      [`https://serviceusage.googleapis.com/v1/projects/${PROJECT}/services/iamcredentials.googleapis.com`]: {
        state: 'ENABLED',
      },
      [`https://identitytoolkit.googleapis.com/admin/v2/projects/${PROJECT}/config`]: {
        authorizedDomains: ['my-voltshop.web.app'],
      },
    };
    const google = async (url: string) => {
      if (!(url in answers)) throw new Error(`unexpected ${url}`);
      return answers[url];
    };
    expect(await projectFindings({ project: PROJECT, publicUrl: '', google })).toEqual({
      problems: [],
      notes: [expect.stringMatching(/may sign custom tokens/)],
    });
    const custom = await projectFindings({ project: PROJECT, publicUrl: 'https://shop.example.com', google });
    expect(custom.problems).toEqual([expect.stringMatching(/^shop\.example\.com is not in/)]);
    const skipped = await projectFindings({ project: PROJECT, publicUrl: '', google: null });
    expect(skipped).toEqual({ problems: [], notes: [expect.stringMatching(/^skipped \(no Google credentials\)/)] });
  });
});
