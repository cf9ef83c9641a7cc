// storage.rules for an anonymous visitor, a customer (alice), another customer (bob), an admin and a demoted
// admin (claim still in the token, users/{uid}.isAdmin false in Firestore, read by the rules with firestore.get).
// Needs the Storage and Firestore emulators: `npm run test:firebase`.
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { doc, setDoc, updateDoc, type Firestore } from 'firebase/firestore';
import {
  deleteObject,
  getBytes,
  getMetadata,
  list,
  listAll,
  ref,
  uploadBytes,
  type FirebaseStorage,
} from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { REENCODED_MARK } from '../../src/adapters/firebase/files.js';
import { MAX_IMAGE_BYTES } from '../../src/domain/limits.js';

const PROJECT_ID = 'demo-voltshop-rules-storage';
let env: RulesTestEnvironment;

type Who = 'anonymous' | 'alice' | 'bob' | 'admin' | 'demoted';
const EVERYONE: Who[] = ['anonymous', 'alice', 'bob', 'admin', 'demoted'];
const NOT_ADMINS: Who[] = ['anonymous', 'alice', 'bob', 'demoted'];

function storage(who: Who): FirebaseStorage {
  const claims = who === 'admin' || who === 'demoted' ? { admin: true } : {};
  const ctx = who === 'anonymous' ? env.unauthenticatedContext() : env.authenticatedContext(who, claims);
  return ctx.storage() as unknown as FirebaseStorage;
}

// Real PNG / JPEG / WebP signatures (the content type is what the rules check; the API checks bytes itself).
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const bytes = (n: number) => new Uint8Array(n);

beforeAll(async () => {
  if (!process.env.FIREBASE_STORAGE_EMULATOR_HOST && !process.env.FIREBASE_EMULATOR_HUB) {
    throw new Error('The Storage emulator is not running: use `npm run test:firebase`');
  }
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    storage: { rules: readFileSync(new URL('../../../storage.rules', import.meta.url), 'utf8') },
    // The profiles the Storage rules read (firestore.get); the Firestore rules do not matter to that read.
    firestore: { rules: readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8') },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

beforeEach(async () => {
  await env.clearStorage();
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'users/admin'), { name: 'Admin', email: 'admin@example.com', isAdmin: true });
    await setDoc(doc(db, 'users/demoted'), { name: 'Dee', email: 'dee@example.com', isAdmin: false });
    await setDoc(doc(db, 'users/alice'), { name: 'Alice', email: 'alice@example.com', isAdmin: false });
    const s = ctx.storage() as unknown as FirebaseStorage;
    await uploadBytes(ref(s, 'products/existing.png'), png, { contentType: 'image/png' });
    await uploadBytes(ref(s, 'private/secret.png'), png, { contentType: 'image/png' });
  });
});

describe('products/{file}: public get, no list', () => {
  for (const who of EVERYONE) {
    it(`${who} reads a product image by its name but cannot list the folder`, async () => {
      await assertSucceeds(getBytes(ref(storage(who), 'products/existing.png')));
      await assertSucceeds(getMetadata(ref(storage(who), 'products/existing.png')));
      await assertFails(listAll(ref(storage(who), 'products')));
      await assertFails(list(ref(storage(who), 'products'), { maxResults: 10 }));
    });
  }
});

describe('products/{file}: admins write images under 5 MB only', () => {
  it('an admin uploads JPEG, PNG and WebP images', async () => {
    await assertSucceeds(uploadBytes(ref(storage('admin'), 'products/a.png'), png, { contentType: 'image/png' }));
    await assertSucceeds(
      uploadBytes(ref(storage('admin'), 'products/b.jpg'), bytes(1000), { contentType: 'image/jpeg' }),
    );
    await assertSucceeds(
      uploadBytes(ref(storage('admin'), 'products/c.webp'), bytes(MAX_IMAGE_BYTES - 1), { contentType: 'image/webp' }),
    );
  });

  it('an admin cannot upload other content types', async () => {
    for (const contentType of ['text/plain', 'text/html', 'image/svg+xml', 'application/octet-stream', 'image/gif']) {
      await assertFails(uploadBytes(ref(storage('admin'), 'products/x.png'), png, { contentType }));
    }
  });

  it('an admin cannot upload 5 MB or more', async () => {
    await assertFails(
      uploadBytes(ref(storage('admin'), 'products/big.jpg'), bytes(MAX_IMAGE_BYTES), { contentType: 'image/jpeg' }),
    );
  });

  it("an admin's upload cannot carry the image pipeline's mark (it would skip the re-encoding)", async () => {
    const marked = { contentType: 'image/png', customMetadata: { ...REENCODED_MARK } };
    await assertFails(uploadBytes(ref(storage('admin'), 'products/skip.png'), png, marked));
    await assertFails(uploadBytes(ref(storage('admin'), 'products/existing.png'), png, marked));
    const otherValue = { contentType: 'image/png', customMetadata: { voltshopReencoded: 'yes' } };
    await assertFails(uploadBytes(ref(storage('admin'), 'products/skip2.png'), png, otherValue));
    // Other custom metadata is the admin's own business.
    const note = { contentType: 'image/png', customMetadata: { note: 'front view' } };
    await assertSucceeds(uploadBytes(ref(storage('admin'), 'products/noted.png'), png, note));
  });

  it('an admin deletes a product image', async () => {
    await assertSucceeds(deleteObject(ref(storage('admin'), 'products/existing.png')));
  });

  it('an admin demoted during the session cannot upload with the same token', async () => {
    await assertSucceeds(uploadBytes(ref(storage('admin'), 'products/before.png'), png, { contentType: 'image/png' }));
    await env.withSecurityRulesDisabled(async (ctx) => {
      await updateDoc(doc(ctx.firestore() as unknown as Firestore, 'users/admin'), { isAdmin: false });
    });
    await assertFails(uploadBytes(ref(storage('admin'), 'products/after.png'), png, { contentType: 'image/png' }));
    await assertFails(deleteObject(ref(storage('admin'), 'products/existing.png')));
  });

  for (const who of NOT_ADMINS) {
    it(`${who} cannot upload, overwrite or delete product images`, async () => {
      await assertFails(uploadBytes(ref(storage(who), 'products/mine.png'), png, { contentType: 'image/png' }));
      await assertFails(uploadBytes(ref(storage(who), 'products/existing.png'), png, { contentType: 'image/png' }));
      await assertFails(deleteObject(ref(storage(who), 'products/existing.png')));
    });
  }
});

describe('everything else is denied', () => {
  for (const who of EVERYONE) {
    it(`${who} cannot read or write outside products/`, async () => {
      await assertFails(getBytes(ref(storage(who), 'private/secret.png')));
      await assertFails(uploadBytes(ref(storage(who), 'private/x.png'), png, { contentType: 'image/png' }));
      await assertFails(uploadBytes(ref(storage(who), 'x.png'), png, { contentType: 'image/png' }));
      await assertFails(uploadBytes(ref(storage(who), 'products/nested/x.png'), png, { contentType: 'image/png' }));
    });
  }
});
