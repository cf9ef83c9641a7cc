// The standalone functions/package-lock.json that Cloud Build installs with `npm ci` (firebase.json predeploy):
// cut from the root lockfile, it must hold every package the function needs, at the versions tested here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT_KEYS, standaloneLockfile, type Lockfile } from '../../../scripts/firebase/functions-lockfile.mjs';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'));

/** Node's lookup from `location` inside a lockfile's tree (own node_modules, then each ancestor's). */
function resolveIn(packages: Lockfile['packages'], location: string, name: string): string | null {
  let base = location;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const up = base.replace(/\/?node_modules\/(?:@[^/]+\/)?[^/]+$/, '');
    base = up === base ? '' : up;
  }
}

describe('functions/package-lock.json for Cloud Build', () => {
  const rootLock = read('package-lock.json') as Lockfile;
  const manifest = read('functions/package.json');
  const lock = standaloneLockfile(rootLock, manifest);

  it('leaves out libsql: the embedded backend’s SQLite is the root package’s, for npm start', () => {
    expect(manifest.dependencies).not.toHaveProperty('libsql');
    expect(read('package.json').dependencies).toHaveProperty('libsql');
    expect(Object.keys(lock.packages).filter((p) => /node_modules\/(libsql|@libsql\/)/.test(p))).toEqual([]);
  });

  it('has functions/package.json as its root (what npm ci compares)', () => {
    expect(lock.packages[''].dependencies).toEqual(manifest.dependencies);
    expect(lock.packages[''].engines).toEqual(manifest.engines);
    expect(lock.lockfileVersion).toBe(3);
  });

  it('holds every key of package.json npm ci’s in-sync check compares, devDependencies included', () => {
    // npm ci compares the root entry's dependencies, devDependencies, optionalDependencies and peerDependencies
    // with package.json, whatever --omit says: a devDependency missing here fails Cloud Build's install.
    expect(ROOT_KEYS).toEqual(
      expect.arrayContaining(['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']),
    );
    for (const key of ROOT_KEYS) expect(lock.packages[''][key], key).toEqual(manifest[key]);
    for (const name of Object.keys(manifest.devDependencies ?? {})) {
      const inRoot = resolveIn(rootLock.packages, 'functions', name);
      const entry = lock.packages[`node_modules/${name}`];
      expect(entry?.version, name).toBe(rootLock.packages[inRoot!].version);
      expect(entry?.dev, `${name} is left out by npm ci --omit=dev`).toBe(true);
    }
  });

  it('flags only what the production tree does not need as dev (so --omit=dev installs all the function needs)', () => {
    for (const name of Object.keys(manifest.dependencies)) {
      const entry = lock.packages[`node_modules/${name}`]!;
      expect(entry.dev ?? false, name).toBe(false);
      expect(entry.devOptional ?? false, name).toBe(false);
    }
    const tiny: Lockfile = {
      lockfileVersion: 3,
      packages: {
        functions: {
          name: 'fn',
          dependencies: { a: '1' },
          optionalDependencies: { o: '1' },
          devDependencies: { d: '1', both: '1' },
        },
        // The root lockfile flags the whole repository's tree: `a` looks dev there (the web's devDependency too).
        'node_modules/a': { version: '1.0.0', dev: true, dependencies: { shared: '1' } },
        'node_modules/o': { version: '1.0.0', optional: true, dependencies: { both: '1' } },
        'node_modules/d': { version: '1.0.0', dependencies: { shared: '1', devonly: '1' } },
        'node_modules/both': { version: '1.0.0' },
        'node_modules/shared': { version: '1.0.0' },
        'node_modules/devonly': { version: '1.0.0' },
      },
    };
    const out = standaloneLockfile(tiny, tiny.packages.functions!);
    const flags = (name: string) => {
      const { dev, optional, devOptional } = out.packages[`node_modules/${name}`]!;
      return { dev, optional, devOptional };
    };
    const none = { dev: undefined, optional: undefined, devOptional: undefined };
    expect(flags('a')).toEqual(none);
    expect(flags('shared')).toEqual(none);
    expect(flags('o')).toEqual({ ...none, optional: true });
    expect(flags('both')).toEqual({ ...none, devOptional: true });
    expect(flags('d')).toEqual({ ...none, dev: true });
    expect(flags('devonly')).toEqual({ ...none, dev: true });
    expect(out.packages[''].devDependencies).toEqual({ d: '1', both: '1' });
  });

  it('locks each dependency at the version the workspace has in the root tree', () => {
    for (const name of Object.keys(manifest.dependencies)) {
      const inRoot = resolveIn(rootLock.packages, 'functions', name);
      expect(inRoot, name).not.toBeNull();
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(rootLock.packages[inRoot!].version);
    }
  });

  it('is closed: every required dependency of every locked package resolves inside it', () => {
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      const optionalPeers = entry.peerDependenciesMeta ?? {};
      const required = [
        ...Object.keys(entry.dependencies ?? {}),
        ...Object.keys(entry.peerDependencies ?? {}).filter((n) => !optionalPeers[n]?.optional),
      ];
      for (const name of required)
        if (!resolveIn(lock.packages, location, name)) missing.push(`${location || 'root'} -> ${name}`);
    }
    expect(missing).toEqual([]);
    expect(Object.keys(lock.packages).some((k) => k.startsWith('node_modules/firebase-tools'))).toBe(false); // dev only
  });

  it("moves the workspace's own nested versions to the top and leaves the other workspaces' out", () => {
    const tiny: Lockfile = {
      lockfileVersion: 3,
      packages: {
        '': { name: 'root', workspaces: ['functions', 'web'] },
        functions: { name: 'fn', dependencies: { a: '2.0.0', b: '1.0.0' } },
        web: { name: 'web', dependencies: { a: '1.0.0' } },
        'functions/node_modules/a': {
          version: '2.0.0',
          dependencies: { c: '^1' },
          optionalDependencies: { 'native-other-os': '1' },
        },
        'node_modules/a': { version: '1.0.0' },
        'node_modules/b': {
          version: '1.0.0',
          peerDependencies: { c: '*', d: '*' },
          peerDependenciesMeta: { d: { optional: true } },
        },
        'node_modules/c': { version: '1.2.0' },
        'node_modules/unused': { version: '9.9.9' },
      },
    };
    const out = standaloneLockfile(tiny, { dependencies: { a: '2.0.0', b: '1.0.0' } });
    expect(Object.keys(out.packages).sort()).toEqual(['', 'node_modules/a', 'node_modules/b', 'node_modules/c']);
    expect(out.packages['node_modules/a'].version).toBe('2.0.0');
  });

  it('refuses a package.json that differs from the root lockfile, and a dependency the lockfile lacks', () => {
    expect(() =>
      standaloneLockfile(rootLock, { ...manifest, dependencies: { ...manifest.dependencies, express: '4.0.0' } }),
    ).toThrow(/run npm install/);
    const broken: Lockfile = { lockfileVersion: 3, packages: { functions: { dependencies: { gone: '1' } } } };
    expect(() => standaloneLockfile(broken, { dependencies: { gone: '1' } })).toThrow(/needs gone/);
  });
});
