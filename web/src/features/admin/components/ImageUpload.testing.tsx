// What both ImageUpload suites (embedded and Firebase builds) render and upload.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { ImageUpload } from './ImageUpload';

/** A file the picker accepts by type (its bytes are not a real image: the server checks those, not this component). */
export const pngFile = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'photo.png', { type: 'image/png' });

/** The component in a fresh query client, with its file input and the callback that receives the uploaded URL. */
export function renderImageUpload() {
  const onUploaded = vi.fn();
  const user = userEvent.setup({ applyAccept: false });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ImageUpload onUploaded={onUploaded} />
    </QueryClientProvider>,
  );
  return { onUploaded, user, input: screen.getByLabelText('Choose an image file') as HTMLInputElement };
}
