// The shop's JSON API as the e2e files call it beside the browser: to set a case up (products, codes, accounts) and
// to check what the screens did. One caller for every file (each file had its own copy).

/** The demo admin the seed creates. */
export const ADMIN = { email: 'admin@voltshop.test', password: 'admin1234' };

export type ApiCall = <T = any>(method: string, path: string, token?: string, body?: unknown) => Promise<T>;

/** A caller of the shop at `baseUrl()`, read at each call (a file's own shop starts in its beforeAll). An error
 *  status throws, with the answer. */
export function apiCaller(baseUrl: () => string): ApiCall {
  return async (method, path, token, body) => {
    const res = await fetch(baseUrl() + path, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
}

/** A token of the account with these credentials (the demo admin by default). */
export async function signInToken(call: ApiCall, credentials: { email: string; password: string } = ADMIN) {
  return (await call<{ token: string }>('POST', '/api/users/login', undefined, credentials)).token;
}
