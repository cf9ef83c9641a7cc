// Types of functions-lockfile.mjs for the tests that import it.
export interface Lockfile {
  name?: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, Record<string, any>>;
}
export function standaloneLockfile(rootLock: Lockfile, manifest: Record<string, any>, workspace?: string): Lockfile;
export const ROOT_KEYS: string[];
