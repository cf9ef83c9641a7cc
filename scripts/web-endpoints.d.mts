export const GENERATED_FILE: string;
export const GENERATED_DIR: string;
export const STAMP_FILE: string;
export function inputsHash(root?: string): string;
export function outputsHash(root?: string): string | undefined;
export function isCurrent(root?: string): boolean;
export function ensureWebEndpoints(options?: {
  force?: boolean;
  optional?: boolean;
  root?: string;
}): 'current' | 'generated' | 'skipped';
