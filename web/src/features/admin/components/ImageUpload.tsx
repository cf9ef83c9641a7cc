import { useId, useState, type ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { IMAGE_TYPES, useUploadImage } from '../api/upload';

/**
 * The file chooser of the product form: uploads the chosen image at once (POST /api/upload; Cloud Storage in the Firebase build) with a progress bar,
 * then hands the stored path to the form. Errors (not an image, too big, signed out) are shown, not just logged.
 */
export function ImageUpload({
  onUploaded,
  disabled = false,
  label = 'Choose an image file',
  help = 'JPEG, PNG or WebP, at most 5 MB. Once uploaded, it replaces the image url.',
}: {
  onUploaded: (path: string) => void;
  disabled?: boolean;
  label?: string;
  help?: string;
}) {
  const [progress, setProgress] = useState(0);
  const upload = useUploadImage(setProgress);
  const id = useId();
  const helpId = `${id}-help`;

  function onChange(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (path) => onUploaded(path),
      // The same file can be chosen again after an error or a success.
      onSettled: () => {
        input.value = '';
      },
    });
  }

  const percent = Math.round(progress * 100);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="file"
        accept={IMAGE_TYPES.join(',')}
        onChange={onChange}
        disabled={disabled || upload.isPending}
        aria-describedby={helpId}
      />
      <Form.Text id={helpId}>{help}</Form.Text>
      {upload.isPending && (
        // Bootstrap 5.3 markup (react-bootstrap's ProgressBar does not name the progressbar role).
        <div
          className="progress mt-2"
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          data-testid="upload-progress"
        >
          <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${percent}%` }}>
            {percent}%
          </div>
        </div>
      )}
      {upload.isSuccess && (
        <Message variant="success" className="mt-2 mb-0 py-2 text-break">
          Image uploaded: {upload.data}
        </Message>
      )}
      {upload.isError && (
        <Message variant="danger" className="mt-2 mb-0 py-2 text-break">
          Upload failed: {errorMessage(upload.error)}
        </Message>
      )}
    </Form.Group>
  );
}
