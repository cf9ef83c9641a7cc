import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pngFile, renderImageUpload } from './ImageUpload.testing';

// The Firebase build's client (lib/firebase/client.tsx): the upload goes to Cloud Storage through the SDK side
// (mocked here), never to /api/upload.
const storage = vi.hoisted(() => ({
  uploadProductImage: vi.fn<(file: File, onProgress: (fraction: number) => void) => Promise<string>>(),
}));
vi.mock('@/lib/shop', async () => {
  const { createFirebaseShop } = await import('@/lib/firebase/client');
  return { shop: createFirebaseShop(async () => storage as never) };
});

const png = pngFile;
const setup = renderImageUpload;

describe('ImageUpload (Firebase build)', () => {
  const xhr = vi.fn();
  beforeEach(() => {
    storage.uploadProductImage.mockReset();
    vi.stubGlobal('XMLHttpRequest', xhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads to Cloud Storage with progress and hands the download URL to the form', async () => {
    let report: (fraction: number) => void = () => undefined;
    let finish: (url: string) => void = () => undefined;
    storage.uploadProductImage.mockImplementation((_file, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const { user, input, onUploaded } = setup();
    const file = png();
    await user.upload(input, file);

    expect(storage.uploadProductImage).toHaveBeenCalledWith(file, expect.any(Function));
    act(() => report(0.25));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '25');
    const url = 'https://firebasestorage.googleapis.com/v0/b/voltshop/o/products%2Fab12.png?alt=media';
    await act(async () => finish(url));
    expect(await screen.findByText(`Image uploaded: ${url}`)).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith(url);
    expect(xhr).not.toHaveBeenCalled();
  });

  it("shows Storage's refusal (the rules: admins only, images under 5 MB)", async () => {
    storage.uploadProductImage.mockRejectedValue(
      new Error('Only admins can upload images (JPEG, PNG or WebP under 5 MB)'),
    );
    const { user, input, onUploaded } = setup();
    await user.upload(input, png());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Upload failed: Only admins can upload images (JPEG, PNG or WebP under 5 MB)',
    );
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a non-image before contacting Storage', async () => {
    const { user, input } = setup();
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed: Images only: JPEG, PNG or WebP');
    expect(storage.uploadProductImage).not.toHaveBeenCalled();
  });
});
