import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { pngFile, renderImageUpload } from './ImageUpload.testing';

/** A stand-in for XMLHttpRequest: records the request and lets the test drive progress and the answer. */
class FakeXHR {
  static last: FakeXHR | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXHR.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    act(() => this.onload?.());
  }
}

const png = pngFile;
const setup = renderImageUpload;

/** The request once it is sent: the upload code is its own chunk, loaded on first use, so the first send can come
 *  a moment after the file is chosen (the first test in a fresh worker failed reading it at once). */
const sentRequest = () => vi.waitFor(() => FakeXHR.last ?? Promise.reject(new Error('no request sent yet')));

describe('ImageUpload', () => {
  beforeEach(() => {
    FakeXHR.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 'tok123' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  it('posts the file in the field "image" with the bearer token, shows progress, then hands over the stored path', async () => {
    const { user, input, onUploaded } = setup();
    const file = png();
    await user.upload(input, file);
    const xhr = await sentRequest();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/upload');
    expect(xhr.headers.Authorization).toBe('Bearer tok123');
    expect(xhr.body?.get('image')).toBe(file);

    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '0');
    xhr.progress(50, 100);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(input).toBeDisabled();

    xhr.respond(201, '/uploads/abc123.png');
    expect(await screen.findByText('Image uploaded: /uploads/abc123.png')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith('/uploads/abc123.png');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(input).toBeEnabled();
  });

  it("shows the API's message when the server refuses the bytes (400)", async () => {
    const { user, input, onUploaded } = setup();
    await user.upload(input, png());
    (await sentRequest()).respond(
      400,
      JSON.stringify({ message: 'Images only: JPEG, PNG or WebP (the file content is not one of these)' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Upload failed: Images only: JPEG, PNG or WebP (the file content is not one of these)',
    );
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('explains a 413 even without a JSON body', async () => {
    const { user, input } = setup();
    await user.upload(input, png());
    (await sentRequest()).respond(413, '<html>Request Entity Too Large</html>');
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed: The image is too big: at most 5 MB');
  });

  it('refuses a non-image or an oversized file before sending anything', async () => {
    const { user, input, onUploaded } = setup();
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed: Images only: JPEG, PNG or WebP');
    expect(FakeXHR.last).toBeNull();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed: The image is too big: at most 5 MB');
    expect(FakeXHR.last).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('signs out on a 401 (expired session) and says why', async () => {
    const { user, input } = setup();
    await user.upload(input, png());
    (await sentRequest()).respond(401, JSON.stringify({ message: 'Not authorized, token failed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not authorized, token failed');
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('reports a network failure', async () => {
    const { user, input } = setup();
    await user.upload(input, png());
    const xhr = await sentRequest();
    act(() => xhr.onerror?.());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the shop');
  });
});
