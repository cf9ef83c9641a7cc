import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/render';
import { api, ApiError } from './api';
import { livePositions } from './livePosition';
import { upload } from './fileTransfer';
import { sessionStore, setUserInfo, signOut } from './session';

const alice = { _id: 'u1', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false, token: 'tok-alice' };

/** The least of XMLHttpRequest that `upload` uses; the test answers it. */
class FakeXHR {
  static last: FakeXHR;
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  upload: { onprogress: unknown } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXHR.last = this;
  }
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {}
  abort() {}
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

describe('the one HTTP client', () => {
  beforeEach(() => setUserInfo(alice));
  afterEach(() => {
    signOut();
    vi.unstubAllGlobals();
  });

  it("api() sends the session's token and signs out on a 401", async () => {
    const calls = mockFetch({
      'GET /api/orders/mine': () => ({ status: 401, body: { message: 'Not authorized, token failed' } }),
    });
    await expect(api('/api/orders/mine')).rejects.toMatchObject({
      status: 401,
      message: 'Not authorized, token failed',
    });
    expect(calls[0].headers.Authorization).toBe('Bearer tok-alice');
    expect(sessionStore.get()).toBeNull();
  });

  it("api() notes each answer's live position (X-Live-Event-Id), for the first live stream (lib/live/sse.ts takes the oldest)", async () => {
    const at = ['abcd1234.30', 'abcd1234.12', null, 'abcd1234.50'];
    vi.stubGlobal('fetch', async () => {
      const position = at.shift();
      return new Response('{}', {
        headers: { 'Content-Type': 'application/json', ...(position ? { 'X-Live-Event-Id': position } : {}) },
      });
    });
    for (let i = 0; i < 4; i++) await api('/api/products');
    expect(livePositions).toEqual(['abcd1234.30', 'abcd1234.12', 'abcd1234.50']);
  });

  it('api() keeps the session on a 403 (a refusal, not an expired session)', async () => {
    mockFetch({ 'GET /api/users': () => ({ status: 403, body: { message: 'Not authorized as an admin' } }) });
    await expect(api('/api/users')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.get()).toEqual(alice);
  });

  it("upload() sends the session's token, signs out on a 401 and keeps the server's message", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const sent = upload('/api/upload', new FormData());
    expect(FakeXHR.last.headers.Authorization).toBe('Bearer tok-alice');
    FakeXHR.last.respond(401, JSON.stringify({ message: 'Not authorized, token failed' }));
    await expect(sent).rejects.toMatchObject({ status: 401, message: 'Not authorized, token failed' });
    expect(sessionStore.get()).toBeNull();
  });

  it('upload() uses the status message when the answer has none (a proxy page), and answers the text on success', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const refused = upload('/api/upload', new FormData(), { statusMessages: { 413: 'Too big' } });
    FakeXHR.last.respond(413, '<html>Request Entity Too Large</html>');
    await expect(refused).rejects.toMatchObject({ status: 413, message: 'Too big' });
    expect(sessionStore.get()).toEqual(alice);

    const stored = upload('/api/upload', new FormData());
    FakeXHR.last.respond(201, '/uploads/ab12.png\n');
    await expect(stored).resolves.toBe('/uploads/ab12.png');
  });
});
