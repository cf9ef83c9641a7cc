// The doctor's `project` check (scripts/firebase/doctor.mjs): what a first deploy needs in the project itself,
// read with the project's own Google credentials when present (issue 37's deploy surprises). Without credentials it
// says so in one line and what to check by hand; it never asks for any.
//   - the custom-token grant: PUT /api/users/profile and POST /api/users/logout-all mint a custom token
//     (adapters/firebase/auth.ts), which signs with the function's service account through the IAM Credentials
//     API: the default compute service account needs Service Account Token Creator (on the project or on itself)
//     and the API enabled, else those routes answer 500 after the change was applied;
//   - Storage's service agent holds the cross-service rules role (storage.rules reads Firestore for the admin check):
//     firebase-tools grants it only when it can ask (rulesDeploy.js checkStorageRulesIamPermissions returns at once
//     with --non-interactive), and without it every admin upload is refused;
//   - Auth's authorized domains hold PUBLIC_URL's host: the reset link's continue URL is refused otherwise
//     (auth/unauthorized-continue-uri, which the shop reports as "The account service could not be reached").
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
export const TOKEN_CREATOR = 'roles/iam.serviceAccountTokenCreator';

/** The service account 2nd-gen functions run as unless told otherwise (none of ours names one). */
export const computeServiceAccount = (projectNumber) => `${projectNumber}-compute@developer.gserviceaccount.com`;

/** Problems of the custom-token grant, from the policies and the API's state as Google answered them. */
export function tokenCreatorProblems({ projectNumber, projectPolicy, serviceAccountPolicy, iamCredentialsState }) {
  const account = computeServiceAccount(projectNumber);
  const member = `serviceAccount:${account}`;
  const holds = (policy) =>
    (policy?.bindings ?? []).some((b) => b.role === TOKEN_CREATOR && (b.members ?? []).includes(member));
  const problems = [];
  if (!holds(projectPolicy) && !holds(serviceAccountPolicy))
    problems.push(
      `${account} lacks Service Account Token Creator: PUT /api/users/profile and POST /api/users/logout-all would answer 500 after applying the change. Grant it: gcloud projects add-iam-policy-binding <project> --member=${member} --role=${TOKEN_CREATOR} (docs/firebase.md, step 7).`,
    );
  if (iamCredentialsState !== 'ENABLED')
    problems.push(
      `the IAM Service Account Credentials API is ${iamCredentialsState ?? 'not enabled'}: custom tokens cannot be signed. Enable it: gcloud services enable iamcredentials.googleapis.com --project <project>.`,
    );
  return problems;
}

export const CROSS_SERVICE_RULES_ROLE = 'roles/firebaserules.firestoreServiceAgent';

/** Problems of the role Storage's rules need to read Firestore (firebase-tools' CROSS_SERVICE_RULES_ROLE). */
export function storageRulesRoleProblems({ projectNumber, projectPolicy }) {
  const member = `serviceAccount:service-${projectNumber}@gcp-sa-firebasestorage.iam.gserviceaccount.com`;
  const held = (projectPolicy?.bindings ?? []).some(
    (b) => b.role === CROSS_SERVICE_RULES_ROLE && (b.members ?? []).includes(member),
  );
  if (held) return [];
  return [
    `Storage's service agent lacks ${CROSS_SERVICE_RULES_ROLE}: storage.rules cannot read Firestore (firestore.get, the admin check), so admin uploads are refused. A non-interactive deploy skips the grant; grant it: gcloud projects add-iam-policy-binding <project> --member=${member} --role=${CROSS_SERVICE_RULES_ROLE} (or deploy storage once interactively and answer yes).`,
  ];
}

/** Problems of Auth's authorized domains for the shop's public origin (PUBLIC_URL, else <project>.web.app). */
export function authorizedDomainProblems({ authorizedDomains, publicUrl, project }) {
  const host = publicUrl ? new URL(publicUrl).hostname : `${project}.web.app`;
  if ((authorizedDomains ?? []).includes(host)) return [];
  return [
    `${host} is not in Firebase Auth's authorized domains: the password reset link (its continue URL) is refused and the shop answers "The account service could not be reached". Add it: Firebase console > Authentication > Settings > Authorized domains.`,
  ];
}

/** Are Google credentials at hand (a key file, or `gcloud auth application-default login`'s file)? */
export function hasCredentials(env = process.env) {
  if (env.GOOGLE_APPLICATION_CREDENTIALS) return true;
  const config = env.CLOUDSDK_CONFIG ?? join(homedir(), '.config', 'gcloud');
  return existsSync(join(config, 'application_default_credentials.json'));
}

/** A client of Google's REST APIs with Application Default Credentials, billed to the project (quota project). */
async function googleClient(project) {
  const { GoogleAuth } = require('google-auth-library');
  const client = await new GoogleAuth({ scopes: ['https://www.googleapis.com/auth/cloud-platform'] }).getClient();
  return async (url, body) =>
    (
      await client.request({
        url,
        method: body ? 'POST' : 'GET',
        data: body,
        headers: { 'x-goog-user-project': project },
      })
    ).data;
}

/**
 * The `project` check. `google` is the REST caller (tests pass a fake; null when no credentials); answers
 * { problems, notes } as sentences.
 */
export async function projectFindings({ project, publicUrl, google }) {
  const skipped = (why) => ({
    problems: [],
    notes: [
      `skipped (${why}): check by hand the default compute service account's Service Account Token Creator role, the IAM Service Account Credentials API, and Auth's authorized domains for ${publicUrl ? new URL(publicUrl).hostname : 'your site'} (docs/firebase.md, steps 7 and 8)`,
    ],
  });
  if (!project || project.startsWith('demo-')) return skipped('no project');
  if (google === undefined) {
    if (!hasCredentials())
      return skipped('no Google credentials: gcloud auth application-default login, or GOOGLE_APPLICATION_CREDENTIALS');
    google = await googleClient(project);
  }
  if (!google) return skipped('no Google credentials');
  const problems = [];
  const notes = [];
  try {
    const { projectNumber } = await google(`https://cloudresourcemanager.googleapis.com/v1/projects/${project}`);
    const account = computeServiceAccount(projectNumber);
    const [projectPolicy, serviceAccountPolicy, service] = await Promise.all([
      google(`https://cloudresourcemanager.googleapis.com/v1/projects/${project}:getIamPolicy`, {}),
      google(`https://iam.googleapis.com/v1/projects/${project}/serviceAccounts/${account}:getIamPolicy`, {}).catch(
        () => null, // no such account yet (Compute Engine's API not enabled): the project policy decides
      ),
      google(`https://serviceusage.googleapis.com/v1/projects/${project}/services/iamcredentials.googleapis.com`),
    ]);
    problems.push(
      ...tokenCreatorProblems({
        projectNumber,
        projectPolicy,
        serviceAccountPolicy,
        iamCredentialsState: service.state,
      }),
    );
    problems.push(...storageRulesRoleProblems({ projectNumber, projectPolicy }));
    const config = await google(`https://identitytoolkit.googleapis.com/admin/v2/projects/${project}/config`);
    problems.push(...authorizedDomainProblems({ authorizedDomains: config.authorizedDomains, publicUrl, project }));
    if (!problems.length)
      notes.push(`${account} may sign custom tokens; Auth's authorized domains hold the shop's host`);
  } catch (error) {
    notes.push(
      `could not read the project's settings (${error instanceof Error ? error.message : String(error)}): check them by hand (docs/firebase.md, steps 7 and 8)`,
    );
  }
  return { problems, notes };
}
