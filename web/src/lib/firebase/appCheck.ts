// App Check for the function's catalogue lists (issue 37; functions/src/http/appCheck.ts): when the build names a
// reCAPTCHA Enterprise site key (VITE_FIREBASE_APP_CHECK_SITE_KEY), the Firebase build's calls to the gated lists
// (the filter counts, the header's suggestions) carry an App Check token in X-Firebase-AppCheck, so the function may
// enforce it (APP_CHECK=enforce; docs/firebase.md "App Check"). Without a key: no header, nothing loaded.
import { getToken, initializeAppCheck, ReCaptchaEnterpriseProvider, type AppCheck } from 'firebase/app-check';
import { firebase } from './app';

export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

let started: AppCheck | null = null;

/** The header to add to a gated call: the token, or none without a site key or when no token could be had (the
 *  function then answers 401 if it enforces App Check: the call fails as any refused call). */
export async function appCheckHeaders(
  siteKey: string | undefined = import.meta.env.VITE_FIREBASE_APP_CHECK_SITE_KEY,
): Promise<Record<string, string>> {
  if (!siteKey) return {};
  try {
    started ??= initializeAppCheck(firebase().app, {
      provider: new ReCaptchaEnterpriseProvider(siteKey),
      isTokenAutoRefreshEnabled: true,
    });
    const { token } = await getToken(started);
    return { [APP_CHECK_HEADER]: token };
  } catch (error) {
    console.warn('[app check] no token', error);
    return {};
  }
}
