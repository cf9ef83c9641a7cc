// @vitest-environment node
// Features may depend on each other one way only (cart <- checkout, never both ways). ESLint's import-x/no-cycle
// (eslint.config.js) sees module cycles; two features can still lean on each other without one, through their
// public entries (features/X/index.ts re-exports, so a file of X using Y while Y uses X is no module cycle). This
// reads every feature's imports of another feature (`@/features/Y…`, static or lazy; tests aside) and asks the
// graph of features for a cycle.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const featuresDir = fileURLToPath(new URL('./features', import.meta.url));
const FEATURE_IMPORT = /(?:from\s+|import\s*\(\s*)['"]@\/features\/([\w-]+)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Feature -> the other features its source imports. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const entry of readdirSync(featuresDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const uses = new Set<string>();
    for (const file of sourceFiles(join(featuresDir, entry.name)))
      for (const [, other] of readFileSync(file, 'utf8').matchAll(FEATURE_IMPORT))
        if (other !== entry.name) uses.add(other!);
    graph.set(entry.name, uses);
  }
  return graph;
}

/** The first cycle of the graph as a path (a -> b -> a), or null. */
function findCycle(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | null {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = onPath.indexOf(node);
    if (at >= 0) return [...onPath.slice(at), node];
    if (done.has(node)) return null;
    onPath.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    onPath.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('features depend on each other one way', () => {
  it('finds a cycle where there is one, through any number of features', () => {
    const graph = new Map([
      ['cart', new Set(['catalog'])],
      ['checkout', new Set(['cart', 'orders'])],
      ['orders', new Set(['checkout'])],
      ['catalog', new Set<string>()],
    ]);
    expect(findCycle(graph)).toEqual(['checkout', 'orders', 'checkout']);
    expect(
      findCycle(
        new Map([
          ['cart', new Set(['checkout'])],
          ['checkout', new Set(['cart'])],
        ]),
      ),
    ).toEqual(['cart', 'checkout', 'cart']);
    graph.set('orders', new Set());
    expect(findCycle(graph)).toBeNull();
  });

  it('has no cycle among the web features', () => {
    const graph = featureGraph();
    expect(graph.get('checkout')).toContain('cart'); // the reader sees imports at all
    expect(findCycle(graph)).toBeNull();
  });
});
