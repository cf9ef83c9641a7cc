#!/usr/bin/env node
// The web's generated client (web/src/lib/endpoints.gen.ts and web/src/lib/endpoints/*.gen.ts) is a build product,
// not a committed source (.gitignore), as Prisma's client is: this script writes it when it is missing or may be stale,
// and is run before everything that reads it (package.json: the root's postinstall, pretypecheck, prelint,
// pretest:unit; web/package.json: predev, prebuild, pretest, pretest:e2e).
//   node scripts/web-endpoints.mjs             generate unless current (about 30 ms when current)
//   node scripts/web-endpoints.mjs --force     generate
//   node scripts/web-endpoints.mjs --postinstall   as the first, but a note instead of a failure without tsx/prettier
//                                                  (an install without the dev dependencies)
//
// Generating takes 1-2 s (tsx loads the endpoint table with its zod schemas, prettier formats), so it is skipped when
// the stamp (STAMP_FILE, gitignored) says the files on disk are what the generator wrote from these inputs: a hash of
// every file under functions/src (the table and everything it may import), the generator, this script, the prettier
// config and prettier's version, and a hash of the generated files as they are on disk (a file edited or deleted by
// hand is written again). functions/test/endpoints.test.ts checks the files against the table itself.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** As functions/src/api/webClient.ts's WEB_ENDPOINTS_FILE and WEB_ENDPOINTS_DIR (functions/test/endpoints.test.ts). */
export const GENERATED_FILE = 'web/src/lib/endpoints.gen.ts';
export const GENERATED_DIR = 'web/src/lib/endpoints';
export const STAMP_FILE = 'web/src/lib/.endpoints.gen.stamp';
const GENERATOR = 'scripts/gen-web-endpoints.ts';
const INPUT_DIRS = ['functions/src'];
const INPUT_FILES = [GENERATOR, 'scripts/web-endpoints.mjs', '.prettierrc.json', '.editorconfig'];

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** A hash of the files' paths and contents (a missing file counts as such). */
function hashFiles(root, paths) {
  const hash = createHash('sha256');
  for (const path of paths) {
    const file = join(root, path);
    hash.update(`${path}\0${existsSync(file) ? readFileSync(file).toString('base64') : '-'}\0`);
  }
  return hash.digest('hex');
}

const sorted = (paths) => [...paths].sort();

/** What the generated files are made from: the hash the stamp records. */
export function inputsHash(root = repo) {
  const inputs = sorted([
    ...INPUT_DIRS.flatMap((dir) =>
      filesUnder(join(root, dir)).map((file) => relative(root, file).split('\\').join('/')),
    ),
    ...INPUT_FILES,
  ]);
  let prettierVersion = '-';
  try {
    prettierVersion = createRequire(join(root, 'package.json'))('prettier/package.json').version;
  } catch {
    // no prettier: the generator will say so
  }
  return `${hashFiles(root, inputs)} prettier ${prettierVersion}`;
}

/** The generated files as they are on disk, or undefined when the entry file is missing. */
export function outputsHash(root = repo) {
  if (!existsSync(join(root, GENERATED_FILE))) return undefined;
  const files = filesUnder(join(root, GENERATED_DIR)).map((file) => relative(root, file).split('\\').join('/'));
  return hashFiles(root, sorted([GENERATED_FILE, ...files]));
}

function readStamp(root) {
  try {
    return JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Whether the files on disk are what the generator wrote from today's inputs. */
export function isCurrent(root = repo) {
  const stamp = readStamp(root);
  const outputs = outputsHash(root);
  return Boolean(stamp && outputs && stamp.inputs === inputsHash(root) && stamp.outputs === outputs);
}

/**
 * Generates the web's client unless it is current. Answers 'current', 'generated' or (with `optional`, when tsx or
 * prettier is not installed) 'skipped'; throws when the generator fails.
 */
export function ensureWebEndpoints({ force = false, optional = false, root = repo } = {}) {
  if (!force && isCurrent(root)) return 'current';
  let tsx;
  try {
    const require = createRequire(join(root, 'package.json'));
    tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
    require.resolve('prettier');
  } catch (error) {
    if (optional) return 'skipped';
    throw new Error(`the web's client needs tsx and prettier (npm install): ${error.message}`);
  }
  const inputs = inputsHash(root);
  const r = spawnSync(process.execPath, [tsx, join(root, GENERATOR)], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${GENERATOR} failed:\n${r.stderr || r.stdout}`);
  // Written aside, then renamed: a worktree that shares files with another by hard links never writes into theirs.
  const stamp = join(root, STAMP_FILE);
  writeFileSync(`${stamp}.tmp`, `${JSON.stringify({ inputs, outputs: outputsHash(root) })}\n`);
  renameSync(`${stamp}.tmp`, stamp);
  return 'generated';
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const postinstall = args.includes('--postinstall');
  try {
    const started = Date.now();
    const result = ensureWebEndpoints({ force: args.includes('--force'), optional: postinstall });
    if (result === 'generated')
      console.log(
        `web-endpoints: generated ${GENERATED_FILE} and ${GENERATED_DIR}/*.gen.ts (${Date.now() - started} ms)`,
      );
    else if (result === 'skipped')
      console.log(
        "web-endpoints: tsx or prettier is not installed (no dev dependencies): the web's client is not generated",
      );
  } catch (error) {
    console.error(`web-endpoints: ${error.message}`);
    process.exit(1);
  }
}
