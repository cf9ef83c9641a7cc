// A minimal client of the Firebase Auth REST API (Identity Toolkit v1 and Secure Token), as a browser SDK
// would call it: with the project's *web* API key (public by design; not a secret). Against the Auth emulator
// when FIREBASE_AUTH_EMULATOR_HOST is set (any key works there).
import { unavailable } from '../../domain/index.js';

export interface TokenAnswer {
  localId: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

/** The REST API's error code, e.g. EMAIL_EXISTS, INVALID_LOGIN_CREDENTIALS, WEAK_PASSWORD. */
export class IdentityToolkitError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(`Identity Toolkit: ${code}`);
    this.name = 'IdentityToolkitError';
  }
}

export interface IdentityToolkitOptions {
  /** The web API key, read at call time (a deploy parameter). */
  apiKey: () => string;
  /** host:port of the Auth emulator; by default FIREBASE_AUTH_EMULATOR_HOST. */
  emulatorHost?: string;
  timeoutMs?: number;
}

export class IdentityToolkit {
  constructor(private readonly options: IdentityToolkitOptions) {}

  private get emulatorHost() {
    return this.options.emulatorHost ?? process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '';
  }

  private key(): string {
    const key = this.options.apiKey();
    if (key) return key;
    if (this.emulatorHost) return 'emulator-api-key';
    throw unavailable('Sign-in through the API is not configured on this server (WEB_API_KEY is not set)');
  }

  private url(service: 'identitytoolkit' | 'securetoken', path: string) {
    const host = `${service}.googleapis.com`;
    const base = this.emulatorHost ? `http://${this.emulatorHost}/${host}` : `https://${host}`;
    return `${base}/v1/${path}?key=${encodeURIComponent(this.key())}`;
  }

  private async post<T>(url: string, body: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch {
      throw unavailable('The sign-in service could not be reached. Please try again in a moment.');
    }
    const answer = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!res.ok) {
      // Messages look like "WEAK_PASSWORD : Password should be at least 6 characters".
      const code = String(answer.error?.message ?? `HTTP_${res.status}`).split(/[\s:]/)[0] as string;
      throw new IdentityToolkitError(code, res.status);
    }
    return answer;
  }

  signUp(input: { email: string; password: string; displayName: string }): Promise<TokenAnswer> {
    return this.post(this.url('identitytoolkit', 'accounts:signUp'), { ...input, returnSecureToken: true });
  }

  signInWithPassword(email: string, password: string): Promise<TokenAnswer> {
    return this.post(this.url('identitytoolkit', 'accounts:signInWithPassword'), {
      email,
      password,
      returnSecureToken: true,
    });
  }

  /** Exchanges a custom token (minted by the Admin SDK) for an ID token. */
  signInWithCustomToken(token: string): Promise<TokenAnswer> {
    return this.post(this.url('identitytoolkit', 'accounts:signInWithCustomToken'), { token, returnSecureToken: true });
  }

  /** A fresh ID token (with the current custom claims) from a refresh token. */
  async refresh(refreshToken: string): Promise<{ idToken: string; refreshToken: string; userId: string }> {
    const a = await this.post<{ id_token: string; refresh_token: string; user_id: string }>(
      this.url('securetoken', 'token'),
      {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      },
    );
    return { idToken: a.id_token, refreshToken: a.refresh_token, userId: a.user_id };
  }
}
