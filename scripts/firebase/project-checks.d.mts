// Types of project-checks.mjs for the tests (functions/test/deploy/doctor.test.ts).
interface Policy {
  bindings?: { role: string; members?: string[] }[];
}
export const TOKEN_CREATOR: string;
export function computeServiceAccount(projectNumber: string): string;
export function tokenCreatorProblems(input: {
  projectNumber: string;
  projectPolicy?: Policy | null;
  serviceAccountPolicy?: Policy | null;
  iamCredentialsState?: string;
}): string[];
export const CROSS_SERVICE_RULES_ROLE: string;
export function storageRulesRoleProblems(input: { projectNumber: string; projectPolicy?: Policy | null }): string[];
export function authorizedDomainProblems(input: {
  authorizedDomains?: string[];
  publicUrl?: string;
  project: string;
}): string[];
export function hasCredentials(env?: Record<string, string | undefined>): boolean;
export function projectFindings(input: {
  project?: string;
  publicUrl?: string;
  google?: ((url: string, body?: object) => Promise<any>) | null;
}): Promise<{ problems: string[]; notes: string[] }>;
