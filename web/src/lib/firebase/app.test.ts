import { describe, expect, it, vi } from 'vitest';
import { FirebaseConfigError, HOSTING_INIT_URL, resolveFirebaseConfig } from './app';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the Firebase web config', () => {
  it("reads the deployed site's own config from Hosting's /__/firebase/init.json", async () => {
    const fetch = vi.fn(async () =>
      json({
        apiKey: 'AIza-real',
        projectId: 'my-shop',
        authDomain: 'my-shop.firebaseapp.com',
        storageBucket: 'my-shop.appspot.com',
        appId: '1:2:web:3',
      }),
    );
    const config = await resolveFirebaseConfig({}, fetch as typeof globalThis.fetch);
    expect(fetch).toHaveBeenCalledWith(HOSTING_INIT_URL, expect.anything());
    expect(config).toEqual({
      apiKey: 'AIza-real',
      projectId: 'my-shop',
      authDomain: 'my-shop.firebaseapp.com',
      storageBucket: 'my-shop.appspot.com',
      appId: '1:2:web:3',
    });
  });

  it('defaults the bucket to <id>.firebasestorage.app (projects since 2024-10-30)', async () => {
    const config = await resolveFirebaseConfig({}, (async () =>
      json({ apiKey: 'k', projectId: 'new-shop' })) as typeof fetch);
    expect(config.storageBucket).toBe('new-shop.firebasestorage.app');
    expect(config.authDomain).toBe('new-shop.firebaseapp.com');
  });

  it('uses the build variables when the build names a project, without fetching', async () => {
    const fetch = vi.fn();
    const config = await resolveFirebaseConfig(
      { VITE_FIREBASE_API_KEY: 'k', VITE_FIREBASE_PROJECT_ID: 'built-in' },
      fetch as typeof globalThis.fetch,
    );
    expect(config.projectId).toBe('built-in');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fails loudly (never a demo project) when neither Hosting nor the build has a config', async () => {
    // What `vite preview` or another static host answers for /__/firebase/init.json: the SPA page, or a 404.
    const html = (async () =>
      new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } })) as typeof fetch;
    await expect(resolveFirebaseConfig({}, html)).rejects.toBeInstanceOf(FirebaseConfigError);
    await expect(resolveFirebaseConfig({}, (async () => json({}, 404)) as typeof fetch)).rejects.toThrow(
      /No Firebase configuration/,
    );
    await expect(
      resolveFirebaseConfig({}, (async () => Promise.reject(new TypeError('offline'))) as typeof fetch),
    ).rejects.toThrow(/No Firebase configuration/);
    await expect(
      resolveFirebaseConfig({ VITE_FIREBASE_PROJECT_ID: 'half-set' }, (async () => json({}, 404)) as typeof fetch),
    ).rejects.toThrow(FirebaseConfigError);
  });

  it('uses a demo- project only in the emulator build', async () => {
    const fetch = vi.fn();
    expect(
      await resolveFirebaseConfig({ VITE_FIREBASE_EMULATORS: 'true' }, fetch as typeof globalThis.fetch),
    ).toMatchObject({ projectId: 'demo-voltshop', storageBucket: 'demo-voltshop.firebasestorage.app' });
    await expect(
      resolveFirebaseConfig(
        { VITE_FIREBASE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: 'real-shop' },
        fetch as typeof globalThis.fetch,
      ),
    ).rejects.toThrow(/demo-/);
    expect(fetch).not.toHaveBeenCalled();
  });
});
