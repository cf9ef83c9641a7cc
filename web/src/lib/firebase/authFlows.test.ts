import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginWithFirebase, registerWithFirebase, type Firebase } from './authFlows';

function fakeFirebase(overrides: Partial<Firebase> = {}): Firebase {
  return {
    signIn: vi.fn(async () => 'id-token-1'),
    signUp: vi.fn(async () => 'id-token-new'),
    deleteNewAccount: vi.fn(async () => undefined),
    currentToken: vi.fn(async () => 'id-token-2'),
    ...overrides,
  } as unknown as Firebase;
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('Firebase mode sign-in', () => {
  it('signs in with the SDK, then reads the profile with the new ID token (made now if a sign-up was interrupted)', async () => {
    const fetch = vi.fn(async () => answer(200, { _id: 'u1', name: 'Alice', email: 'a@x.y', isAdmin: false }));
    vi.stubGlobal('fetch', fetch);
    const fb = fakeFirebase();
    const user = await loginWithFirebase(fb, { email: 'a@x.y', password: 'secret1' });
    expect(fb.signIn).toHaveBeenCalledWith('a@x.y', 'secret1');
    expect(user).toEqual({ _id: 'u1', name: 'Alice', email: 'a@x.y', isAdmin: false, token: 'id-token-1' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/profile');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer id-token-1');
  });

  it('turns SDK credential errors into the same message as the API', async () => {
    const fb = fakeFirebase({
      signIn: vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { code: 'auth/invalid-credential' }))),
    });
    await expect(loginWithFirebase(fb, { email: 'a@x.y', password: 'nope' })).rejects.toMatchObject({
      message: 'Invalid email or password',
      status: 401,
    });
  });

  it('signs up in the browser with the SDK, then has the API make the profile with the new ID token and the name', async () => {
    const fetch = vi.fn(async () => answer(201, { _id: 'u2', name: 'Bob', email: 'b@x.y', isAdmin: false }));
    vi.stubGlobal('fetch', fetch);
    const fb = fakeFirebase();
    const user = await registerWithFirebase(fb, { name: 'Bob', email: 'b@x.y', password: 'secret1' });
    expect(fb.signUp).toHaveBeenCalledWith('b@x.y', 'secret1');
    expect(user).toEqual({ _id: 'u2', name: 'Bob', email: 'b@x.y', isAdmin: false, token: 'id-token-new' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/profile');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Bob' });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer id-token-new');
    expect(fb.deleteNewAccount).not.toHaveBeenCalled();
  });

  it('says "User already exists" when the SDK finds the email taken, without calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const fb = fakeFirebase({
      signUp: vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { code: 'auth/email-already-in-use' }))),
    });
    await expect(registerWithFirebase(fb, { name: 'Bob', email: 'b@x.y', password: 'secret1' })).rejects.toMatchObject({
      message: 'User already exists',
      status: 409,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('deletes the new account when the API refuses its profile, so no account is left without one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, { message: 'User already exists' })),
    );
    const fb = fakeFirebase();
    await expect(registerWithFirebase(fb, { name: 'Bob', email: 'b@x.y', password: 'secret1' })).rejects.toMatchObject({
      message: 'User already exists',
    });
    expect(fb.deleteNewAccount).toHaveBeenCalledTimes(1);
  });

  it("signs in again and retries once when the API refuses the sign-up's own token (401), keeping the account", async () => {
    // The Auth emulator can stamp a new account's validSince a second after its token's auth_time: the API's
    // revocation check then refuses that first token. A sign-in's token is newer and accepted.
    const fetch = vi
      .fn()
      .mockImplementationOnce(async () => answer(401, { message: 'Not authorized, token failed' }))
      .mockImplementationOnce(async () => answer(201, { _id: 'u2', name: 'Bob', email: 'b@x.y', isAdmin: false }));
    vi.stubGlobal('fetch', fetch);
    const fb = fakeFirebase();
    const user = await registerWithFirebase(fb, { name: 'Bob', email: 'b@x.y', password: 'secret1' });
    expect(user).toEqual({ _id: 'u2', name: 'Bob', email: 'b@x.y', isAdmin: false, token: 'id-token-1' });
    expect(fb.signIn).toHaveBeenCalledWith('b@x.y', 'secret1');
    const [, retry] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect((retry.headers as Record<string, string>).Authorization).toBe('Bearer id-token-1');
    expect(JSON.parse(String(retry.body))).toEqual({ name: 'Bob' });
    expect(fb.deleteNewAccount).not.toHaveBeenCalled();
  });

  it("deletes the new account when the API refuses the sign-in's token too (401 twice), after one retry only", async () => {
    const fetch = vi.fn(async () => answer(401, { message: 'Not authorized, token failed' }));
    vi.stubGlobal('fetch', fetch);
    const fb = fakeFirebase();
    await expect(registerWithFirebase(fb, { name: 'Bob', email: 'b@x.y', password: 'secret1' })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fb.signIn).toHaveBeenCalledTimes(1);
    expect(fb.deleteNewAccount).toHaveBeenCalledTimes(1);
  });

  it('keeps the account when the API cannot be reached: the next sign-in makes the profile', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const fb = fakeFirebase();
    await expect(registerWithFirebase(fb, { name: 'Bob', email: 'b@x.y', password: 'secret1' })).rejects.toBeTruthy();
    expect(fb.deleteNewAccount).not.toHaveBeenCalled();
  });
});
