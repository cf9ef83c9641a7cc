import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginWithFirebase, registerWithFirebase, type Firebase } from './firebaseAuth';

function fakeFirebase(overrides: Partial<Firebase> = {}): Firebase {
  return {
    signIn: vi.fn(async () => 'id-token-1'),
    currentToken: vi.fn(async () => 'id-token-2'),
    ...overrides,
  } as unknown as Firebase;
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('Firebase mode sign-in', () => {
  it('signs in with the SDK, then reads the profile with the new ID token', async () => {
    const fetch = vi.fn(async () => answer(200, { _id: 'u1', name: 'Alice', email: 'a@x.y', isAdmin: false }));
    vi.stubGlobal('fetch', fetch);
    const fb = fakeFirebase();
    const user = await loginWithFirebase(fb, { email: 'a@x.y', password: 'secret1' });
    expect(fb.signIn).toHaveBeenCalledWith('a@x.y', 'secret1');
    expect(user).toEqual({ _id: 'u1', name: 'Alice', email: 'a@x.y', isAdmin: false, token: 'id-token-1' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/profile');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer id-token-1');
  });

  it('turns SDK credential errors into the same message as the API', async () => {
    const fb = fakeFirebase({ signIn: vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { code: 'auth/invalid-credential' }))) });
    await expect(loginWithFirebase(fb, { email: 'a@x.y', password: 'nope' })).rejects.toMatchObject({ message: 'Invalid email or password', status: 401 });
  });

  it('registers through the API, then signs in with the SDK', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(201, { _id: 'u2', name: 'Bob', email: 'b@x.y', isAdmin: false, token: 'rest-token' })));
    const fb = fakeFirebase();
    const user = await registerWithFirebase(fb, { name: 'Bob', email: 'b@x.y', password: 'secret1' });
    expect(user.token).toBe('id-token-1');
  });

  it('keeps a registration error from the API (no SDK sign-in)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(409, { message: 'User already exists' })));
    const fb = fakeFirebase();
    await expect(registerWithFirebase(fb, { name: 'Bob', email: 'b@x.y', password: 'secret1' })).rejects.toMatchObject({ message: 'User already exists' });
    expect(fb.signIn).not.toHaveBeenCalled();
  });
});
