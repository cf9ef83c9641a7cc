// The Firebase build's App Check header (issue 37): a token when the build names a site key, nothing otherwise,
// and nothing (not a failed call) when no token could be had.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const getToken = vi.fn();
const initializeAppCheck = vi.fn(() => ({ kind: 'app-check' }));
vi.mock('firebase/app-check', () => ({
  getToken: (...args: unknown[]) => getToken(...args),
  initializeAppCheck: (...args: unknown[]) => initializeAppCheck(...(args as [])),
  ReCaptchaEnterpriseProvider: class {
    constructor(readonly siteKey: string) {}
  },
}));
vi.mock('./app', () => ({ firebase: () => ({ app: { name: 'app' } }) }));

const { appCheckHeaders, APP_CHECK_HEADER } = await import('./appCheck');

beforeEach(() => {
  getToken.mockReset();
});

describe('appCheckHeaders', () => {
  it('without a site key: no header, App Check never started', async () => {
    expect(await appCheckHeaders('')).toEqual({});
    expect(initializeAppCheck).not.toHaveBeenCalled();
  });

  it('with a site key: the token in X-Firebase-AppCheck, App Check started once with reCAPTCHA Enterprise', async () => {
    getToken.mockResolvedValue({ token: 'token-1' });
    expect(await appCheckHeaders('site-key')).toEqual({ [APP_CHECK_HEADER]: 'token-1' });
    getToken.mockResolvedValue({ token: 'token-2' });
    expect(await appCheckHeaders('site-key')).toEqual({ [APP_CHECK_HEADER]: 'token-2' });
    expect(initializeAppCheck).toHaveBeenCalledTimes(1);
    expect(initializeAppCheck).toHaveBeenCalledWith(
      { name: 'app' },
      expect.objectContaining({ provider: expect.objectContaining({ siteKey: 'site-key' }) }),
    );
  });

  it('no token to be had (reCAPTCHA blocked): no header, the call goes on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    getToken.mockRejectedValue(new Error('appCheck/recaptcha-error'));
    expect(await appCheckHeaders('site-key')).toEqual({});
  });
});
