// The Firebase Auth emulator (firebase-tools' own: plain JS, no Java, no network), run inside the test's process on
// 127.0.0.1 and a port the OS picks, as the community Firestore emulator is (communityFirestore.ts): the Admin SDK
// and the REST client reach it through FIREBASE_AUTH_EMULATOR_HOST. Its app is the one `firebase emulators:start`
// serves (firebase-tools/lib/emulator/auth/server.js createApp); it stops with stop(), and in any case with the
// process. Loading firebase-tools is slow (~5-20 s): start it once per file.
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mayBeRevokedAtBirth } from '../../src/adapters/firebase/auth.js';

interface AuthEmulatorModule {
  createApp(projectId: string): Promise<{ listen(port: number, host: string): Server }>;
}

export interface AuthEmulator {
  /** host:port, for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** The action codes the emulator made for this address and kind (what Firebase's emails would carry). */
  oobCodes(
    projectId: string,
    email: string,
    requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET',
  ): Promise<{ oobCode: string; email: string }[]>;
  /** Calls the emulator's Identity Toolkit REST API as the web SDK does (e.g. accounts:update with an oobCode, what
   *  applyActionCode sends); answers the JSON body, throwing on an error answer. */
  rest(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export async function startAuthEmulator(projectId: string): Promise<AuthEmulator> {
  const require = createRequire(import.meta.url);
  const { createApp } = require('firebase-tools/lib/emulator/auth/server') as AuthEmulatorModule;
  const server = (await createApp(projectId)).listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    async oobCodes(project, email, requestType) {
      const res = await fetch(`http://${host}/emulator/v1/projects/${project}/oobCodes`);
      const { oobCodes } = (await res.json()) as {
        oobCodes: { email: string; oobCode: string; requestType: string }[];
      };
      return oobCodes.filter((c) => c.email === email && c.requestType === requestType);
    },
    async rest(path, body) {
      const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=emulator-api-key`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`Auth emulator ${path}: ${JSON.stringify(answer)}`);
      return answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether a sign-up's token may be refused as revoked from its birth: the Auth emulator's sign-up race, which the
 *  API's own sign-up answers for (adapters/firebase/auth.ts). */
export { mayBeRevokedAtBirth };

/** A sign-up's token, or, when it may be revoked from its birth (above), the token of the sign-in that follows it. */
export async function signUpTokenOrSignIn(idToken: string, signIn: () => Promise<string>): Promise<string> {
  return mayBeRevokedAtBirth(idToken) ? signIn() : idToken;
}
