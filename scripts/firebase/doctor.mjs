#!/usr/bin/env node
// `npm run firebase:doctor`: what a Firebase deploy of this repository would trip on, checked offline, before
// Google says it (or worse, before a shopper finds it). Prints each problem with its reason and fix; exits 1 when
// there is one. `npm run deploy` runs it first; Hosting's predeploy runs `--only web,headers` (so a plain
// `firebase deploy` refuses a web/dist that is not the Firebase build too).
//   node scripts/firebase/doctor.mjs [--project <id>] [--location <Firestore location, e.g. eur3>]
//                                    [--bucket-location <the Storage bucket's location, e.g. EU, europe-west2>]
//                                    [--only runtime,indexes,rules,region,params,web,headers,rehearsal,project]
//                                    [--require-web]
// Without --only: every offline check, the release rehearsal, and the project's own settings when Google
// credentials are present (`project`; else one line says it was skipped).
// The project: --project, else FIREBASE_PROJECT, else the `prod` alias of .firebaserc (as deploy.mjs).
//
// Checks:
//   runtime  firebase.json's functions run on nodejs22 or nodejs24 (Node 20 can no longer be deployed);
//   indexes  firestore.indexes.json holds exactly the indexes the queries need, none twice (the derivation of
//            functions/src/firestore/indexes.ts, the one functions/test/deploy/firestoreIndexes.test.ts uses);
//   rules    firestore.rules and storage.rules parse (balanced, `rules_version = '2'`, the right service, every
//            `allow` well-formed); the real compiler runs at deploy and in the emulators only;
//   region   REGION is a Cloud Functions region, Hosting's rewrites name no other; near the Firestore location
//            (--location) when given; a region firebase-tools accepts for a Storage trigger on the bucket's location
//            (--bucket-location, else the one the Firestore location implies: nam5 -> US, eur3 -> EU), by
//            firebase-tools' own rule (lib/deploy/functions/services/storage.js, lib/gcp/location.js);
//            STORAGE_BUCKET, when set, is a bucket name;
//   params   every parameter the functions declare (defineString/defineInt/... in functions/src) has a line in
//            functions/.env.<project> (a missing one is prompted for at deploy: fatal without a terminal), secrets
//            (defineSecret) are not there, PUBLIC_URL is an https origin, HOSTING_EDGE_RANGES readable (a note
//            when unset: the rate limits' address through Hosting, functions/src/http/clientAddress.ts);
//   rehearsal  scripts/firebase/rehearsal.mjs: the functions' package built as the deploy uploads it, installed
//            with Cloud Build's `npm ci --omit=dev`, discovered by firebase-functions and compared with what the
//            project declares (about a minute: tsc, npm ci from npm's cache);
//   project  with Google credentials (Application Default Credentials or GOOGLE_APPLICATION_CREDENTIALS): the
//            custom-token grant (the default compute service account holds Service Account Token Creator, the IAM
//            Service Account Credentials API is enabled), Storage's cross-service rules role, and PUBLIC_URL's host
//            in Auth's authorized domains (scripts/firebase/project-checks.mjs).
//   web      web/dist is the Firebase build (web/dist/voltshop-build.json, written by web/vite.config.ts); not built
//            yet is only a note unless --require-web;
//   headers  firebase.json's Hosting headers are what scripts/firebase/sync-headers.mjs writes from the app's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { readEnvFile } from './lib.mjs';

export { readEnvFile };

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The offline checks of the repository (diagnose's default; quick). */
export const CHECKS = ['runtime', 'indexes', 'rules', 'region', 'params', 'web', 'headers'];
/** What `npm run firebase:doctor` runs without --only: those, the release rehearsal, the project's settings. */
export const ALL_CHECKS = [...CHECKS, 'rehearsal', 'project'];
export const SUPPORTED_RUNTIMES = ['nodejs22', 'nodejs24'];
/** Written into web/dist by web/vite.config.ts (buildKind). */
export const BUILD_KIND_FILE = 'voltshop-build.json';

/** Cloud Functions (2nd gen) regions (firebase-functions' SupportedRegion and Cloud Run's newer ones). */
export const FUNCTION_REGIONS = [
  'us-central1', 'us-east1', 'us-east4', 'us-east5', 'us-south1', 'us-west1', 'us-west2', 'us-west3', 'us-west4',
  'northamerica-northeast1', 'northamerica-northeast2', 'southamerica-east1', 'southamerica-west1',
  'europe-central2', 'europe-north1', 'europe-southwest1', 'europe-west1', 'europe-west2', 'europe-west3',
  'europe-west4', 'europe-west6', 'europe-west8', 'europe-west9', 'europe-west10', 'europe-west12',
  'me-central1', 'me-central2', 'me-west1', 'africa-south1',
  'asia-east1', 'asia-east2', 'asia-northeast1', 'asia-northeast2', 'asia-northeast3', 'asia-south1',
  'asia-south2', 'asia-southeast1', 'asia-southeast2', 'australia-southeast1', 'australia-southeast2',
]; // prettier-ignore

const require = createRequire(import.meta.url);
/** firebase-tools' own location tables (the version this repository deploys with), never a copy. */
const firebaseLocations = require('firebase-tools/lib/gcp/location.js');

/**
 * Does firebase-tools accept a Storage trigger of a function in `region` on a bucket in `bucketLocation`? Its rule
 * (lib/deploy/functions/services/storage.js ensureStorageTriggerRegion): the same region, a bucket in
 * us-central1, or a region its tables place in the bucket's multi-region or dual-region (lib/gcp/location.js
 * regionInLocation: e.g. europe-west1 and europe-west4 in EU, not europe-west2).
 */
export function storageTriggerAllowed(region, bucketLocation) {
  const bucket = bucketLocation.toLowerCase();
  return region === bucket || bucket === 'us-central1' || firebaseLocations.regionInLocation(region, bucket);
}

/** The regions firebase-tools accepts for a Storage trigger on a bucket in `bucketLocation` (for the message). */
export function storageTriggerRegions(bucketLocation) {
  return FUNCTION_REGIONS.filter((r) => storageTriggerAllowed(r, bucketLocation));
}

/**
 * The default bucket's location a Firestore location implies (the project's default resource location: nam5's
 * bucket is in US, eur3's in EU; a regional database's bucket in its region). Pass --bucket-location when the
 * bucket was created elsewhere.
 */
export function bucketLocationFor(firestoreLocation) {
  const loc = firestoreLocation.toLowerCase();
  if (loc === 'nam5' || loc === 'nam7') return 'us';
  if (loc === 'eur3') return 'eu';
  return loc;
}

/** Does a function in `region` sit in (or next to) a Firestore `location` (a round trip per transaction step)? */
export function regionFitsLocation(region, location) {
  const loc = location.toLowerCase();
  if (loc === region) return true;
  if (loc === 'nam5' || loc === 'nam7' || loc === 'us') return region.startsWith('us-');
  if (loc === 'eur3' || loc === 'eur5' || loc === 'eu') return region.startsWith('europe-');
  if (loc === 'asia') return region.startsWith('asia-');
  return false;
}

/** The parameters declared in the functions' source: { name, kind, default? }. */
export function declaredParams(root) {
  const params = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(
          /\bdefine(String|Int|Float|Boolean|List|Secret|JsonSecret)\(\s*['"]([A-Za-z0-9_]+)['"]/g,
        ))
          params.push({ name: m[2], kind: m[1].toLowerCase(), file: path.slice(root.length + 1) });
      }
    }
  };
  walk(join(root, 'functions', 'src'));
  return params;
}

/** Comments and string contents blanked (same length), so brackets and keywords can be checked. */
function code(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/\/\/[^\n]*/g, (m) => ' '.repeat(m.length))
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, (m) => `'${' '.repeat(m.length - 2)}'`);
}

/** Syntactic sanity of a rules file: problems as strings (empty when it looks well-formed). */
export function rulesProblems(text, service) {
  const problems = [];
  const c = code(text);
  if (!/^\s*rules_version\s*=\s*'\s*'\s*;/.test(c) || !/rules_version\s*=\s*['"]2['"]/.test(text))
    problems.push("does not start with rules_version = '2';");
  if (!new RegExp(`service\\s+${service.replace('.', '\\.')}\\s*\\{`).test(c))
    problems.push(`has no \`service ${service} {\``);
  const stack = [];
  const pairs = { ')': '(', ']': '[', '}': '{' };
  c.split('\n').forEach((line, i) => {
    for (const ch of line) {
      if ('([{'.includes(ch)) stack.push({ ch, line: i + 1 });
      else if (ch in pairs) {
        const open = stack.pop();
        if (!open) problems.push(`line ${i + 1}: \`${ch}\` closes nothing open`);
        else if (open.ch !== pairs[ch])
          problems.push(`line ${i + 1}: \`${ch}\` closes the \`${open.ch}\` of line ${open.line}`);
      }
    }
  });
  for (const open of stack) problems.push(`line ${open.line}: \`${open.ch}\` is never closed`);
  const ops = new Set(['read', 'write', 'get', 'list', 'create', 'update', 'delete']);
  for (const m of c.matchAll(/\ballow\b([^;{}]*)(;|\{|\})/g)) {
    const line = c.slice(0, m.index).split('\n').length;
    const body = m[1];
    const parsed = /^\s*([a-z, ]+?)\s*(?::\s*if\s+([\s\S]+))?$/.exec(body);
    if (m[2] !== ';' || !parsed) {
      problems.push(`line ${line}: \`allow\` must read \`allow <operations>: if <condition>;\``);
      continue;
    }
    for (const op of parsed[1].split(',').map((o) => o.trim()))
      if (!ops.has(op))
        problems.push(`line ${line}: \`${op}\` is not an operation (read, write, get, list, create, update, delete)`);
    if (/:/.test(body) && !parsed[2]?.trim()) problems.push(`line ${line}: \`if\` has no condition`);
  }
  return problems;
}

/** The project a deploy would use: --project, FIREBASE_PROJECT, or .firebaserc's `prod` alias. */
export function deployProject(root, argv = process.argv, env = process.env) {
  const i = argv.indexOf('--project');
  if (i !== -1 && argv[i + 1]) return argv[i + 1];
  if (env.FIREBASE_PROJECT) return env.FIREBASE_PROJECT;
  try {
    return JSON.parse(readFileSync(join(root, '.firebaserc'), 'utf8')).projects?.prod;
  } catch {
    return undefined;
  }
}

/**
 * Every check on the repository at `root` for `project`. Answers { problems, notes }: each a { check, message }.
 * The derivations (indexes, headers) are this repository's code; the files checked are root's.
 */
export async function diagnose({
  root = repo,
  project,
  location,
  bucketLocation,
  only = CHECKS,
  requireWeb = false,
  google,
} = {}) {
  const problems = [];
  const notes = [];
  const fail = (check, message) => problems.push({ check, message });
  const note = (check, message) => notes.push({ check, message });
  const readJson = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
  const firebase = readJson('firebase.json');
  // What firebase-tools reads: functions/.env, then functions/.env.<project> over it.
  const projectEnv = project ? readEnvFile(join(root, 'functions', `.env.${project}`)) : null;
  const env = projectEnv && { ...readEnvFile(join(root, 'functions', '.env')), ...projectEnv };

  if (only.includes('runtime')) {
    for (const fn of [firebase.functions ?? []].flat()) {
      if (!SUPPORTED_RUNTIMES.includes(fn.runtime))
        fail(
          'runtime',
          `firebase.json: functions "${fn.codebase ?? fn.source}" run on ${fn.runtime ?? '(none)'}: Cloud Functions deploys ${SUPPORTED_RUNTIMES.join(' or ')} only (Node.js 20 was retired on 2026-10-30). Set "runtime": "nodejs22".`,
        );
    }
  }

  if (only.includes('indexes')) {
    const { compareIndexes, describeIndex } = await tsImport(
      '../../functions/src/firestore/indexes.ts',
      import.meta.url,
    );
    const file = firebase.firestore?.indexes ?? 'firestore.indexes.json';
    const report = compareIndexes(readJson(file));
    for (const d of report.duplicates)
      fail(
        'indexes',
        `${file}: ${describeIndex(d)} is listed twice: the deploy creates it once, then stops on 409 "index already exists". Remove the copy.`,
      );
    for (const m of report.missing)
      fail(
        'indexes',
        `${file}: no index ${describeIndex(m.index)}, needed by ${m.queries.slice(0, 2).join('; ')}${m.queries.length > 2 ? ` (+${m.queries.length - 2} more)` : ''}: Firestore answers "The query requires an index". Add it.`,
      );
    for (const u of report.unused)
      fail(
        'indexes',
        `${file}: ${describeIndex(u)} is used by no query (functions/src/firestore/queries.ts): storage and write cost for nothing. Remove it.`,
      );
  }

  if (only.includes('rules')) {
    const files = [
      [firebase.firestore?.rules ?? 'firestore.rules', 'cloud.firestore'],
      [firebase.storage?.rules ?? 'storage.rules', 'firebase.storage'],
    ];
    for (const [file, service] of files) {
      if (!existsSync(join(root, file))) {
        fail('rules', `${file} is missing (firebase.json names it)`);
        continue;
      }
      for (const p of rulesProblems(readFileSync(join(root, file), 'utf8'), service)) fail('rules', `${file} ${p}`);
    }
  }

  if (only.includes('region')) {
    const region = env?.REGION || 'us-central1';
    if (!FUNCTION_REGIONS.includes(region))
      fail(
        'region',
        `REGION=${region} (functions/.env.${project}) is not a Cloud Functions region: e.g. us-central1, europe-west1.`,
      );
    for (const rewrite of firebase.hosting?.rewrites ?? []) {
      const named = rewrite.function?.region;
      if (named && named !== region)
        fail(
          'region',
          `firebase.json: the rewrite of ${rewrite.source} goes to ${rewrite.function.functionId} in ${named}, but the functions deploy to ${region} (REGION): Hosting would answer 404. Remove the rewrite's "region".`,
        );
    }
    if (location && !regionFitsLocation(region, location))
      fail(
        'region',
        `REGION=${region} is outside the Firestore location ${location}: every read and transaction step would cross an ocean. Pick a region in ${location} (docs/firebase.md, step 5).`,
      );
    const bucketAt = bucketLocation ?? (location ? bucketLocationFor(location) : undefined);
    if (bucketAt && !storageTriggerAllowed(region, bucketAt))
      fail(
        'region',
        `REGION=${region} cannot take the Storage trigger reencodeUpload on a bucket in ${bucketAt.toUpperCase()}${bucketLocation ? '' : ` (the bucket ${location} implies; --bucket-location when yours is elsewhere)`}: firebase-tools refuses it ("A function in region ${region} cannot listen to a bucket in region ${bucketAt.toLowerCase()}"). Regions it accepts there: ${storageTriggerRegions(bucketAt).join(', ')} (docs/firebase.md, step 5).`,
      );
    const bucket = env?.STORAGE_BUCKET;
    const { isBucketName } = await tsImport('../../functions/src/adapters/firebase/bucket.ts', import.meta.url);
    if (bucket && !isBucketName(bucket.replace(/^gs:\/\//, '')))
      fail(
        'region',
        `STORAGE_BUCKET=${bucket} (functions/.env.${project}) is not a bucket name (e.g. ${project}.firebasestorage.app).`,
      );
    if (project && !bucket)
      note(
        'region',
        `the scripts use the bucket ${project}.firebasestorage.app (set STORAGE_BUCKET for a project older than 2024-10-30)`,
      );
  }

  if (only.includes('params')) {
    const params = declaredParams(root);
    if (!project)
      fail(
        'params',
        'no project: pass --project <id>, set FIREBASE_PROJECT, or add the alias prod (`npx firebase use --add`).',
      );
    else if (project.startsWith('demo-'))
      fail('params', `${project} is the emulators' demo project: it cannot be deployed.`);
    else if (!env)
      fail(
        'params',
        `functions/.env.${project} is missing: firebase deploy would prompt for ${params
          .filter((p) => !p.kind.includes('secret'))
          .map((p) => p.name)
          .join(', ')} (and fail without a terminal). Create it (docs/firebase.md, step 7).`,
      );
    else {
      for (const p of params) {
        if (p.kind.includes('secret')) {
          if (p.name in env)
            fail(
              'params',
              `functions/.env.${project} sets ${p.name}, a secret (Secret Manager): remove the line and run npx firebase functions:secrets:set ${p.name}.`,
            );
          else
            note(
              'params',
              `${p.name} is a secret: it must exist in Secret Manager even when unused (the deploy stops on a missing one; firebase-functions has no optional secret): npx firebase functions:secrets:set ${p.name}, a placeholder if unused (not checked offline)`,
            );
        } else if (!(p.name in env)) {
          fail(
            'params',
            `functions/.env.${project} has no ${p.name} (declared in ${p.file}): firebase deploy would prompt for it, and fail without a terminal. Add \`${p.name}=\` with its value.`,
          );
        }
      }
      // The rate limits' address through Hosting (functions/src/http/clientAddress.ts): ranges the function reads at
      // its first request, where an unreadable one would stop every API call with a 503.
      const { addressRanges } = await tsImport('../../functions/src/http/clientAddress.ts', import.meta.url);
      if (!env.HOSTING_EDGE_RANGES)
        note(
          'params',
          `no HOSTING_EDGE_RANGES: visitors arriving through one Hosting edge share its rate limits (never a forged address); docs/firebase.md "Rate limits' address"`,
        );
      else
        try {
          addressRanges(env.HOSTING_EDGE_RANGES);
        } catch (error) {
          fail('params', `functions/.env.${project}: ${error.message} (CIDRs separated by commas).`);
        }
      const url = env.PUBLIC_URL;
      if (url) {
        let ok = false;
        try {
          ok = new URL(url).protocol === 'https:';
        } catch {
          // not a URL
        }
        if (!ok)
          fail('params', `PUBLIC_URL=${url} is not an https URL (e.g. https://${project}.web.app), or leave it empty.`);
      }
    }
  }

  if (only.includes('web')) {
    const dir = join(root, firebase.hosting?.public ?? 'web/dist');
    const marker = join(dir, BUILD_KIND_FILE);
    if (!existsSync(join(dir, 'index.html'))) {
      if (requireWeb)
        fail('web', `${firebase.hosting?.public} holds no build: npm run deploy builds the Firebase web build.`);
      else note('web', `${firebase.hosting?.public} is not built yet (npm run deploy builds the Firebase web build)`);
    } else {
      let kind = null;
      try {
        kind = JSON.parse(readFileSync(marker, 'utf8'));
      } catch {
        // no marker: an older build or another tool's
      }
      const what = !kind
        ? `has no ${BUILD_KIND_FILE}: not a build of this version`
        : kind.backend !== 'firebase'
          ? 'is the embedded build (it would call /api for everything and never use Firebase Auth)'
          : kind.emulators
            ? 'is the emulator build (it would talk to 127.0.0.1)'
            : !existsSync(join(dir, '404.html'))
              ? "has no 404.html (made-up URLs would get Hosting's own page, not the shop's): not a build of this version"
              : null;
      if (what)
        fail(
          'web',
          `${firebase.hosting?.public} ${what}. Deploy with npm run deploy, which builds the Firebase web build (VITE_BACKEND=firebase).`,
        );
    }
  }

  if (only.includes('headers')) {
    const { generate } = await import('./sync-headers.mjs');
    const files = await generate(root);
    for (const [name, text] of Object.entries(files)) {
      const path = join(root, name);
      if (!existsSync(path) || readFileSync(path, 'utf8') !== text)
        fail(
          'headers',
          `${name}'s Hosting headers differ from the app's (functions/src/http/securityHeaders.ts): run node scripts/firebase/sync-headers.mjs.`,
        );
    }
  }
  if (only.includes('rehearsal')) {
    const { rehearse } = await import('./rehearsal.mjs');
    const { problems: found, timings, notes: said = [] } = await rehearse({ root });
    for (const p of found) fail('rehearsal', p);
    for (const n of said) note('rehearsal', n);
    const times = Object.entries(timings)
      .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`)
      .join(', ');
    note('rehearsal', `the functions' package staged, installed with npm ci --omit=dev and discovered (${times})`);
  }

  if (only.includes('project')) {
    const { projectFindings } = await import('./project-checks.mjs');
    const found = await projectFindings({ project, publicUrl: env?.PUBLIC_URL, google });
    for (const f of found.problems) fail('project', f);
    for (const n of found.notes) note('project', n);
  }
  return { problems, notes };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const arg = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i !== -1 ? process.argv[i + 1] : undefined;
  };
  const only = arg('only')?.split(',') ?? ALL_CHECKS;
  const project = ['params', 'region', 'project'].some((c) => only.includes(c)) ? deployProject(repo) : undefined;
  const { problems, notes } = await diagnose({
    project,
    location: arg('location'),
    bucketLocation: arg('bucket-location'),
    only,
    requireWeb: process.argv.includes('--require-web'),
  });
  const label = project ? ` for ${project}` : '';
  for (const n of notes) console.log(`  note  [${n.check}] ${n.message}`);
  for (const p of problems) console.error(`  FAIL  [${p.check}] ${p.message}`);
  if (problems.length) {
    console.error(`[doctor] ${problems.length} problem(s)${label}: a deploy would fail or misbehave. Fix them first.`);
    process.exit(1);
  }
  console.log(`[doctor] ${only.join(', ')}: OK${label}`);
}
