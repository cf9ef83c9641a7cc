// What the deployed function can load: every module functions/src/index.ts reaches through its imports (static and
// dynamic, followed transitively). None may be the embedded adapter or a dev-only root, and no package it names may
// be libsql: the deploy package does not ship it (scripts/firebase/functions-lockfile.mjs; libsql is the root
// install's, for `npm start`). The offline emulator mode loads devRoots/offlineEmulator.ts by a path the emulator
// scripts give (VOLTSHOP_DEV_ROOT), never by an import. ESLint's zones refuse the direct edges; this follows the
// whole reach.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
// `import … from '…'`, `export … from '…'`, side-effect imports, `import('…')` and a `require('…')` (also one made by
// createRequire, as adapters/embedded/sql.ts loads libsql); `import type` is erased.
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|(?:import|require|createRequire\(import\.meta\.url\))\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx` in the sources). */
function resolveRelative(from: string, specifier: string): string {
  const base = join(dirname(from), specifier).replace(/\.js$/, '');
  const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p));
  if (!found) throw new Error(`${relative(src, from)}: cannot resolve ${specifier}`);
  return found;
}

/** The source files and packages reachable from `entry`. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [join(src, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    for (const [, stat, dyn] of text.matchAll(SPECIFIER)) {
      const specifier = (stat ?? dyn)!;
      if (specifier.startsWith('.')) queue.push(resolveRelative(file, specifier));
      else if (!specifier.startsWith('node:'))
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
  }
  return { files: new Set([...files].map((f) => relative(src, f))), packages };
}

describe('the deployed function’s reach', () => {
  it('finds the embedded adapter where it is reached (the embedded server), so its answer below means something', () => {
    const server = reach('server.ts');
    expect(server.files).toContain('adapters/embedded/db.ts');
    expect(server.packages).toContain('libsql');
    expect(reach('devRoots/offlineEmulator.ts').files).toContain('adapters/embedded/store.ts');
  });

  it('never reaches the embedded adapter, a dev-only root or libsql from index.ts', () => {
    const deployed = reach('index.ts');
    expect(deployed.files).toContain('adapters/firebase/index.ts');
    expect(deployed.files).toContain('app.ts');
    expect([...deployed.files].filter((f) => /^(adapters\/embedded|devRoots)\//.test(f) || f === 'server.ts')).toEqual(
      [],
    );
    expect(deployed.packages).not.toContain('libsql');
    expect(deployed.packages).not.toContain('@libsql/client');
  });

  it('names only packages the deploy package installs', () => {
    const { packages } = reach('index.ts');
    expect([...packages].filter((name) => !(name in manifest.dependencies)).sort()).toEqual([]);
  });
});
