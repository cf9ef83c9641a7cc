// Issue 39: an adapter source file stays readable at one sitting: none over 400 lines (the embedded migrations, a
// list of applied schema changes that only grows, aside). A store that grows puts its new part in a module of its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ADAPTERS = join(import.meta.dirname, '..', 'src', 'adapters');
const MAX_LINES = 400;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'migrations.ts' ? [path] : [];
  });
}

describe('adapter sizes', () => {
  it(`no adapter source file is over ${MAX_LINES} lines`, () => {
    const files = sources(ADAPTERS);
    expect(files.length).toBeGreaterThan(40);
    const over = files
      .map((path) => ({ file: relative(ADAPTERS, path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(over).toEqual([]);
  });
});
