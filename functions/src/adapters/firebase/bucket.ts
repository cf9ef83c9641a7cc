// The default Cloud Storage bucket, wherever the Admin SDK starts. On Cloud Functions FIREBASE_CONFIG names it;
// a script on a developer's machine (bootstrap, seed) or a test that calls initializeApp({ projectId }) has no
// such variable, and getStorage().bucket() without a name then throws "Bucket name not specified or invalid".
// Projects created since 2024-10-30 have `<project-id>.firebasestorage.app` (older ones `<project-id>.appspot.com`:
// set STORAGE_BUCKET, or VITE_FIREBASE_STORAGE_BUCKET as the web build does).

/** What names the bucket, strongest first. */
export interface BucketSources {
  /** The Admin SDK app's own option (initializeApp({ storageBucket })). */
  storageBucket?: string;
  /** The app's project id (initializeApp({ projectId })). */
  projectId?: string;
}

/** A Cloud Storage bucket name: 3-222 characters of lower-case letters, digits, dots, dashes and underscores. */
export const isBucketName = (name: string) => /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/.test(name);

function firebaseConfigOf(env: NodeJS.ProcessEnv): { storageBucket?: string; projectId?: string } {
  const raw = env.FIREBASE_CONFIG;
  if (!raw) return {};
  try {
    return JSON.parse(raw) as { storageBucket?: string; projectId?: string };
  } catch {
    return {}; // a path to a JSON file, which the Admin SDK reads itself: no bucket from here
  }
}

/** The project's default bucket as the web config derives it (web/src/lib/firebase/app.ts). */
export const defaultBucketOf = (projectId: string) => `${projectId}.firebasestorage.app`;

/**
 * The bucket to use: STORAGE_BUCKET, else the app's option, else FIREBASE_CONFIG's (Cloud Functions and the
 * emulators), else VITE_FIREBASE_STORAGE_BUCKET (the web config), else `<project-id>.firebasestorage.app`.
 * Throws when no project is known either.
 */
export function storageBucketName(sources: BucketSources = {}, env: NodeJS.ProcessEnv = process.env): string {
  const config = firebaseConfigOf(env);
  const named = [env.STORAGE_BUCKET, sources.storageBucket, config.storageBucket, env.VITE_FIREBASE_STORAGE_BUCKET]
    .map((b) => b?.trim().replace(/^gs:\/\//, ''))
    .find(Boolean);
  const projectId = sources.projectId || config.projectId || env.GCLOUD_PROJECT || env.GOOGLE_CLOUD_PROJECT;
  const bucket = named || (projectId ? defaultBucketOf(projectId) : '');
  if (!bucket) throw new Error('No Storage bucket: set STORAGE_BUCKET or give the project id (--project <id>)');
  if (!isBucketName(bucket)) throw new Error(`"${bucket}" is not a Cloud Storage bucket name (STORAGE_BUCKET?)`);
  return bucket;
}
