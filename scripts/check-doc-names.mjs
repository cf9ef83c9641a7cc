#!/usr/bin/env node
// Checks that a doc names only what exists (docs/architecture.md by default; functions/test/architectureDoc.test.ts
// runs it in `npm run check`): every backticked path exists, every backticked code identifier is found in the code.
//   node scripts/check-doc-names.mjs [docs/architecture.md ...]
//
// The rule, per backticked span outside fenced blocks, token by token (split on spaces and commas):
// - a PATH is a token with a `/` or a file extension (`orders/moneyBack.ts`, `functions/src/features/pages`,
//   `@domain/routes`): it must be a file or folder of the repository, named from the root or by its last segments
//   (`store/coupons.ts` is adapters/firebase/store/coupons.ts). `{a,b}` expands; `@domain`, `@firestore`, `@/` are the
//   web's aliases. A token with a placeholder or a pattern (`<area>`, `{id}`, `…`, `*`, `:id`, `?x=`) is not a path:
//   Firestore document paths and API routes are left alone, as are URLs (`/api/…`, `https:`).
// - an IDENTIFIER is a token shaped like code, not like a word: camelCase (`placeOrder`), a compound PascalCase
//   (`OrderRecord`), a CONSTANT_CASE (`RETURN_DAYS`) or a snake_case column (`refunds_json`); a dotted one
//   (`Order.isGuest`) is checked part by part. It must occur as a whole word in the code (functions/, web/,
//   scripts/, bench/ and the root's config files). Plain words (`paid`, `ship`), one-word types (`Order`) and
//   package names are not checked: they cannot be told from prose.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebEndpoints } from './web-endpoints.mjs';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
// Dependencies, build output and local data: not the code the doc describes.
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'dist-emulators', 'test-results', 'artifacts', '.data']);
const SKIP_PATHS = new Set(['functions/lib']);
const CODE_ROOTS = ['functions', 'web', 'scripts', 'bench', '.github', '.ci'];
// This checker and its test name made-up names on purpose.
const NOT_CODE = new Set(['scripts/check-doc-names.mjs', 'functions/test/architectureDoc.test.ts']);
const CODE_FILE = /\.(ts|tsx|mjs|js|cjs|json|rules|css|html|yml|yaml)$|^run$/;

/** Every file and folder of the repository (relative, with `/`), build output and dependencies aside. */
function tree(root) {
  const files = new Set();
  const dirs = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name)) continue;
      const path = join(dir, entry.name);
      const rel = relative(root, path).split('\\').join('/');
      if (SKIP_PATHS.has(rel)) continue;
      if (entry.isDirectory()) {
        dirs.add(rel);
        walk(path);
      } else files.add(rel);
    }
  };
  walk(root);
  return { files, dirs };
}

/** The words of the code (identifiers, constants, columns), for the identifier check. */
function codeWords(root, files) {
  const words = new Set();
  for (const file of files) {
    const top = file.split('/')[0];
    const atRoot = !file.includes('/');
    if (!(CODE_ROOTS.includes(top) || atRoot) || !CODE_FILE.test(file.split('/').pop())) continue;
    if (NOT_CODE.has(file)) continue;
    if (statSync(join(root, file)).size > 2_000_000) continue;
    for (const [word] of readFileSync(join(root, file), 'utf8').matchAll(/[A-Za-z_$][\w$]*/g)) words.add(word);
  }
  return words;
}

/** The backticked spans of `markdown` outside fenced code blocks, with their line numbers. */
function spans(markdown) {
  const found = [];
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const [, text] of line.matchAll(/`([^`]+)`/g)) found.push({ text, line: i + 1 });
  });
  return found;
}

const PLACEHOLDER = /[<>…*?=]|\{[^,}]*\}|:[a-zA-Z]|^\/|^https?:|\.\.\.|\$\{|^[A-Z]+(\/[A-Z]+)+$/;
const IDENTIFIER =
  /^(?:[a-z][a-z0-9]*[A-Z][\w$]*|[A-Z][a-z0-9]+[A-Z][\w$]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+|[a-z][a-z0-9]*_[a-z0-9_]+)$/;
const HAS_EXTENSION = /\.(ts|tsx|mjs|js|json|md|css|html|yml|rules|config\.ts)$/;

/** `a/{b,c}.ts` -> `a/b.ts`, `a/c.ts` (one brace group). */
function expand(path) {
  const m = path.match(/^(.*)\{([^}]*,[^}]*)\}(.*)$/);
  return m ? m[2].split(',').map((part) => `${m[1]}${part.trim()}${m[3]}`) : [path];
}

function pathExists(token, { files, dirs }) {
  let path = token.replace(/\/$/, '');
  if (path.startsWith('@domain')) path = path.replace(/^@domain/, 'functions/src/domain');
  else if (path.startsWith('@firestore/')) path = path.replace(/^@firestore/, 'functions/src/firestore');
  else if (path.startsWith('@/')) path = path.replace(/^@\//, 'web/src/');
  if (path === 'functions/src/domain') path = 'functions/src/domain/index.ts';
  // A folder-like token (no extension) is a path only when it starts with a folder of the repository: `lib/shop/` is
  // one, `facets/searchVocabulary` (a Firestore document) is not.
  if (
    !HAS_EXTENSION.test(path) &&
    ![...dirs].some((d) => d === path.split('/')[0] || d.endsWith(`/${path.split('/')[0]}`))
  )
    return true;
  const candidates = HAS_EXTENSION.test(path) ? [path] : [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`];
  const matches = (set, c) => set.has(c) || [...set].some((f) => f.endsWith(`/${c}`));
  return candidates.some((c) => matches(files, c) || matches(dirs, c));
}

/**
 * The names `markdown` gives that the repository at `root` does not have: `{ line, name, kind }`, kind 'path' or
 * 'identifier'. `index` (from `repoIndex`) may be passed to check several texts against one reading of the code.
 */
export function docNameProblems(markdown, root = repo, index = repoIndex(root)) {
  const problems = [];
  // Names a doc gives that are not in the code on purpose (a worked example's new field), declared in the doc as
  // <!-- doc-names: not in the code: giftNote gift_note -->.
  const hypothetical = new Set(
    [...markdown.matchAll(/<!--\s*doc-names: not in the code:([^>]*)-->/g)].flatMap((m) => m[1].trim().split(/\s+/)),
  );
  for (const { text, line } of spans(markdown)) {
    const tokens = text.split(/[\s;()]+/).flatMap((t) => (/\{[^}]*,[^}]*\}/.test(t) ? [t] : t.split(',')));
    for (const raw of tokens) {
      const token = raw.replace(/^[[("']+|[\])"'.:!]+$/g, '');
      if (!token || PLACEHOLDER.test(token) || hypothetical.has(token)) continue;
      if (token.includes('/') || HAS_EXTENSION.test(token)) {
        if (!/^[@\w.-]/.test(token) || token.includes('@') !== token.startsWith('@')) continue;
        for (const path of expand(token))
          if (!pathExists(path, index)) problems.push({ line, name: path, kind: 'path' });
        continue;
      }
      for (const part of token.split('.'))
        if (IDENTIFIER.test(part) && !index.words.has(part) && !hypothetical.has(part))
          problems.push({ line, name: part, kind: 'identifier' });
    }
  }
  return problems;
}

/** One reading of the repository: its files and folders, and the words of its code. */
export function repoIndex(root = repo) {
  const { files, dirs } = tree(root);
  return { files, dirs, words: codeWords(root, files) };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // The docs name files of the web's generated client, which is not committed (scripts/web-endpoints.mjs): written
  // here if missing or stale, as before a build or the checks (`npm run test:unit`, which runs this check, does so).
  ensureWebEndpoints();
  const docs = process.argv.slice(2).length ? process.argv.slice(2) : ['docs/architecture.md'];
  const index = repoIndex();
  let count = 0;
  for (const doc of docs) {
    for (const p of docNameProblems(readFileSync(join(repo, doc), 'utf8'), repo, index)) {
      console.error(`${doc}:${p.line}: no ${p.kind} ${p.name}`);
      count++;
    }
  }
  console.log(count ? `${count} stale name(s)` : `${docs.join(', ')}: every name exists`);
  process.exit(count ? 1 : 0);
}
