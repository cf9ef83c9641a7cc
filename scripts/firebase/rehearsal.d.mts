// Types of rehearsal.mjs for the tests (functions/test/deploy/releaseRehearsal.test.ts).
import type { Lockfile } from './functions-lockfile.mjs';

export interface Manifest {
  endpoints: Record<string, Record<string, any>>;
  params?: { name: string; type: string; default?: unknown }[];
}
export const DECLARED: {
  params: Record<string, { type: string; default?: unknown }>;
  endpoints: Record<string, Record<string, any>>;
};
export function discoveryEnv(project?: string): Record<string, string | undefined>;
export function uploadedFiles(root?: string): Promise<string[]>;
export function stage(options: {
  root?: string;
  dir: string;
  manifest?: object;
  lockfile?: Lockfile;
}): Promise<string[]>;
export function install(dir: string): Promise<void>;
export function discover(dir: string, project?: string): Promise<Manifest>;
export function manifestProblems(manifest: object, project?: string, declared?: typeof DECLARED): string[];
export function rehearse(options?: {
  root?: string;
  keep?: boolean;
  manifest?: object;
  lockfile?: Lockfile;
  project?: string;
}): Promise<{
  problems: string[];
  notes?: string[];
  manifest?: Manifest;
  timings: Record<string, number>;
  dir: string;
}>;
export const EMBEDDED_ONLY_PACKAGES: string[];
export function embeddedOnlyProblems(dir: string): string[];
