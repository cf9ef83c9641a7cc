import { afterEach, describe, expect, it } from 'vitest';
import { followFirebaseSession, getToken, sessionStore, setUserInfo, signOut } from './session';

const alice = { _id: 'uid-alice', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false, token: 'token-1' };

/** The Firebase SDK's ID-token events, driven by the test. */
function fakeSdk() {
  let listener: (token: string | null, uid: string | null) => void = () => undefined;
  return {
    watchIdToken: (onToken: typeof listener) => {
      listener = onToken;
      return () => undefined;
    },
    emit: (token: string | null, uid: string | null) => listener(token, uid),
  };
}

describe('session', () => {
  afterEach(() => signOut());

  it('keeps the user in state and browser storage, and forgets both on sign-out', () => {
    setUserInfo(alice);
    expect(getToken()).toBe('token-1');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual(alice);
    signOut();
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it("Firebase mode: follows the SDK's refreshed token for the same user, and signs out when the SDK has", () => {
    const sdk = fakeSdk();
    setUserInfo(alice);
    followFirebaseSession(sdk);
    sdk.emit('token-2', 'uid-alice');
    expect(getToken()).toBe('token-2');
    expect(JSON.parse(localStorage.getItem('userInfo')!).token).toBe('token-2');

    sdk.emit('token-of-bob', 'uid-bob'); // another account's token never lands in Alice's session
    expect(getToken()).toBe('token-2');

    sdk.emit(null, null);
    expect(sessionStore.get()).toBeNull();
  });
});
