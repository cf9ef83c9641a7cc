// Issue 39 ("no cycle in web/src"), checked on the build: `npm run size` (scripts/size.mjs) fails on a chunk cycle.

/**
 * Issue 39: the cycles among the build's chunks, following their static imports (the manifest's `imports`): each
 * one a list of manifest keys, the first repeated at the end. A cycle means two chunks that each need the other
 * (Rollup/Rolldown split a module group badly): whichever a page loads first pulls the other one in, and its
 * evaluation order is the bundler's guess.
 */
export function chunkCycles(m) {
  const cycles = [];
  const state = new Map(); // key -> 1 on the current path, 2 done
  const path = [];
  const visit = (key) => {
    state.set(key, 1);
    path.push(key);
    for (const next of m[key].imports ?? []) {
      if (!m[next]) continue;
      if (state.get(next) === 1) cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(key, 2);
  };
  for (const key of Object.keys(m).sort()) if (!state.has(key)) visit(key);
  return cycles;
}
