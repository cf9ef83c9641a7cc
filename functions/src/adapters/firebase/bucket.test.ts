import { describe, expect, it } from 'vitest';
import { storageBucketName } from './bucket.js';

// The Admin SDK has no default bucket unless it is named: every place that starts it (scripts, emulators, e2e,
// the function) goes through storageBucketName.
describe('storageBucketName', () => {
  it('derives <project>.firebasestorage.app from the project id alone (a script on a fresh project)', () => {
    expect(storageBucketName({ projectId: 'my-voltshop' }, {})).toBe('my-voltshop.firebasestorage.app');
    expect(storageBucketName({}, { GCLOUD_PROJECT: 'my-voltshop' })).toBe('my-voltshop.firebasestorage.app');
    expect(storageBucketName({}, { GOOGLE_CLOUD_PROJECT: 'p2' })).toBe('p2.firebasestorage.app');
  });

  it('uses the bucket Cloud Functions and the emulators name in FIREBASE_CONFIG', () => {
    const env = { FIREBASE_CONFIG: JSON.stringify({ projectId: 'old', storageBucket: 'old.appspot.com' }) };
    expect(storageBucketName({}, env)).toBe('old.appspot.com');
    expect(storageBucketName({ projectId: 'old' }, { FIREBASE_CONFIG: JSON.stringify({ projectId: 'old' }) })).toBe(
      'old.firebasestorage.app',
    );
    expect(storageBucketName({ projectId: 'p' }, { FIREBASE_CONFIG: '/path/to/config.json' })).toBe(
      'p.firebasestorage.app',
    );
  });

  it('STORAGE_BUCKET wins, then the app option, then FIREBASE_CONFIG, then the web config', () => {
    const env = {
      STORAGE_BUCKET: 'gs://chosen',
      FIREBASE_CONFIG: JSON.stringify({ storageBucket: 'from-config' }),
      VITE_FIREBASE_STORAGE_BUCKET: 'from-web',
    };
    expect(storageBucketName({ storageBucket: 'from-app', projectId: 'p' }, env)).toBe('chosen');
    expect(storageBucketName({ storageBucket: 'from-app', projectId: 'p' }, { ...env, STORAGE_BUCKET: '' })).toBe(
      'from-app',
    );
    expect(storageBucketName({ projectId: 'p' }, { ...env, STORAGE_BUCKET: undefined })).toBe('from-config');
    expect(storageBucketName({ projectId: 'p' }, { VITE_FIREBASE_STORAGE_BUCKET: 'from-web' })).toBe('from-web');
  });

  it('refuses to guess without a project, and refuses what is not a bucket name', () => {
    expect(() => storageBucketName({}, {})).toThrow(/STORAGE_BUCKET/);
    expect(() => storageBucketName({}, { STORAGE_BUCKET: 'Not A Bucket' })).toThrow(/not a Cloud Storage bucket/);
  });
});

describe('createFirebasePorts on an app started without a bucket (scripts, e2e)', () => {
  it('writes uploads to the derived bucket instead of throwing "Bucket name not specified"', async () => {
    const { initializeApp, deleteApp } = await import('firebase-admin/app');
    const { createFirebasePorts } = await import('./index.js');
    const app = initializeApp({ projectId: 'demo-bucket-test' }, 'bucket-test');
    try {
      const ports = await createFirebasePorts(
        {
          store: 'firestore',
          dataDir: '',
          webApiKey: () => '',
          orderLinkSecret: () => '',
          paypal: { clientId: '', secret: () => '', baseUrl: '', timeoutMs: 1000 },
          production: false,
        },
        app,
      );
      expect((ports.files as unknown as { bucket: { name: string } }).bucket.name).toBe(
        'demo-bucket-test.firebasestorage.app',
      );
      await ports.store.close();
    } finally {
      await deleteApp(app);
    }
  });
});
