// Types of doctor.mjs for the tests (functions/test/deploy/doctor.test.ts).
export interface Finding {
  check: string;
  message: string;
}
export const CHECKS: string[];
export const ALL_CHECKS: string[];
export function storageTriggerAllowed(region: string, bucketLocation: string): boolean;
export function storageTriggerRegions(bucketLocation: string): string[];
export function bucketLocationFor(firestoreLocation: string): string;
export const BUILD_KIND_FILE: string;
export function readEnvFile(path: string): Record<string, string> | null;
export function rulesProblems(text: string, service: string): string[];
export function regionFitsLocation(region: string, location: string): boolean;
export function declaredParams(root: string): { name: string; kind: string; file: string }[];
export function diagnose(options?: {
  root?: string;
  project?: string;
  location?: string;
  bucketLocation?: string;
  only?: string[];
  google?: ((url: string, body?: object) => Promise<any>) | null;
  requireWeb?: boolean;
}): Promise<{ problems: Finding[]; notes: Finding[] }>;
