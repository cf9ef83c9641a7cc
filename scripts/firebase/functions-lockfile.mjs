#!/usr/bin/env node
// Writes functions/package-lock.json for Cloud Build (firebase.json runs it before every functions deploy).
//
// functions/ is an npm workspace: its dependencies are locked in the ROOT package-lock.json, which the deploy
// does not upload (only functions/ goes to Cloud Build). Without a lockfile of its own, Cloud Build would run a
// plain `npm install` and pick whatever versions the registry has that day. This script cuts the functions
// workspace's part out of the root lockfile — the same resolved versions, integrity hashes and tree that
// `npm ci` installs here — into a standalone lockfile, so Cloud Build's `npm ci` installs exactly what was tested.
// The generated file is git-ignored (it is derived; the root lockfile stays the one source).
//   node scripts/firebase/functions-lockfile.mjs           # writes functions/package-lock.json
//   node scripts/firebase/functions-lockfile.mjs --check   # exits 1 when the written one is missing or stale
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder that holds `location`'s node_modules lookups one level up ('' is the root). */
function parentOf(location) {
  const up = location.replace(/\/?node_modules\/(?:@[^/]+\/)?[^/]+$/, '');
  return up === location ? '' : up;
}

/** Node's lookup of `name` from a package at `location` (its own node_modules, then each ancestor's). */
function lookup(packages, location, name) {
  for (let base = location; ; base = parentOf(base)) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
  }
}

/**
 * Names a package needs installed: dependencies, optional ones, and peers that are not marked optional; for the
 * workspace itself (`root`) its devDependencies too, marked `dev`.
 */
function needs(entry, root = false) {
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...(root ? Object.keys(entry.devDependencies ?? {}).map((name) => ({ name, optional: false, dev: true })) : []),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ...Object.keys(entry.peerDependencies ?? {}).map((name) => ({
      name,
      optional: optionalPeers[name]?.optional === true,
    })),
  ];
}

/** The keys of package.json that npm ci compares with the lockfile's root entry (its "in sync" check). */
export const ROOT_KEYS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'engines'];

/**
 * npm's flags of each locked package, as `npm install` would write them: `dev` (only devDependencies need it),
 * `optional` (only reached through an optional dependency), `devOptional` (both: a dev dependency and an optional
 * one of the production tree). `npm ci --omit=dev` leaves out what the lockfile flags `dev`; the root lockfile's
 * flags describe the whole repository (the web's and the root's devDependencies), not this workspace.
 */
function flagsOf(edges) {
  // Walks from the workspace along its edges; `kind` tells which trees reach each package.
  const reach = (start, follow) => {
    const seen = new Set();
    const queue = [...start];
    while (queue.length) {
      const at = queue.shift();
      if (seen.has(at)) continue;
      seen.add(at);
      for (const edge of edges.get(at) ?? []) if (follow(edge)) queue.push(edge.to);
    }
    return seen;
  };
  const rootEdges = edges.get('') ?? [];
  const prodStart = rootEdges.filter((e) => !e.dev && !e.optional).map((e) => e.to);
  const prod = reach(prodStart, (e) => !e.optional);
  const prodAny = reach(
    rootEdges.filter((e) => !e.dev).map((e) => e.to),
    () => true,
  );
  const dev = reach(
    rootEdges.filter((e) => e.dev).map((e) => e.to),
    () => true,
  );
  return (location) => {
    if (prod.has(location)) return {};
    if (prodAny.has(location) && dev.has(location)) return { devOptional: true };
    if (prodAny.has(location)) return { optional: true };
    return { dev: true };
  };
}

/**
 * The standalone lockfile of one workspace of `rootLock` (lockfileVersion 3): the workspace as the root package
 * and every package it needs, at the path it would have in the workspace's own node_modules.
 */
export function standaloneLockfile(rootLock, manifest, workspace = 'functions') {
  const packages = rootLock.packages ?? {};
  const self = packages[workspace];
  if (!self) throw new Error(`the root lockfile has no workspace "${workspace}"`);
  // `npm ci` refuses a lockfile whose root differs from package.json: catch it here, not in Cloud Build.
  for (const key of ROOT_KEYS) {
    if (JSON.stringify(self[key] ?? {}) !== JSON.stringify(manifest[key] ?? {})) {
      throw new Error(`${workspace}/package.json "${key}" differs from the root lockfile: run npm install first`);
    }
  }
  const prefix = `${workspace}/`;
  const out = {};
  const seen = new Set();
  const queue = [workspace];
  // Each package's edges, by their place in the standalone tree ('' is the workspace): for the flags.
  const edges = new Map();
  const placed = (location) =>
    location === workspace ? '' : location.startsWith(prefix) ? location.slice(prefix.length) : location;
  while (queue.length) {
    const location = queue.shift();
    const entry = packages[location];
    const from = placed(location);
    edges.set(from, []);
    for (const { name, optional, dev = false } of needs(entry, location === workspace)) {
      const found = lookup(packages, location, name);
      if (!found) {
        if (optional) continue; // e.g. a native build for another platform, or an optional peer nobody installs
        throw new Error(`${location || 'root'} needs ${name}, which the root lockfile does not have`);
      }
      const target = placed(found);
      edges.get(from).push({ to: target, optional, dev });
      if (seen.has(found)) continue;
      seen.add(found);
      if (out[target] && out[target] !== packages[found]) {
        throw new Error(`two versions of ${name} would land at ${target}: regenerate the root lockfile (npm dedupe)`);
      }
      out[target] = packages[found];
      queue.push(found);
    }
  }
  const flags = flagsOf(edges);
  const sorted = Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((k) => {
        // The root lockfile's flags are the whole repository's: this tree's replace them.
        const { dev: _dev, optional: _optional, devOptional: _devOptional, ...entry } = out[k];
        return [k, { ...entry, ...flags(k) }];
      }),
  );
  const rootEntry = { name: self.name, ...(self.version ? { version: self.version } : {}) };
  for (const key of ROOT_KEYS) if (self[key]) rootEntry[key] = self[key];
  return {
    name: self.name,
    ...(self.version ? { version: self.version } : {}),
    lockfileVersion: 3,
    requires: true,
    packages: { '': rootEntry, ...sorted },
  };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const target = join(root, 'functions', 'package-lock.json');
  const read = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
  const lock = standaloneLockfile(read('package-lock.json'), read('functions/package.json'));
  const text = `${JSON.stringify(lock, null, 2)}\n`;
  if (process.argv.includes('--check')) {
    const fresh = existsSync(target) && readFileSync(target, 'utf8') === text;
    if (!fresh)
      console.error(
        'functions/package-lock.json is missing or stale: run node scripts/firebase/functions-lockfile.mjs',
      );
    process.exit(fresh ? 0 : 1);
  }
  writeFileSync(target, text);
  console.log(
    `[firebase] wrote functions/package-lock.json (${Object.keys(JSON.parse(text).packages).length - 1} packages, from the root lockfile)`,
  );
}
