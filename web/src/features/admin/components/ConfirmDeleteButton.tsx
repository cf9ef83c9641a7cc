// A list entry's "Delete" (a discount code, a category or brand): asks first, in the dialog naming what is deleted
// (lib/confirm.ts deleteRequest), and deletes only when confirmed.
import Button from 'react-bootstrap/Button';
import type { ConfirmRequest } from '@/components/ui/ConfirmDialog';
import { deleteRequest } from '../lib/confirm';

export function ConfirmDeleteButton({
  ask,
  kind,
  name,
  disabled,
  onDelete,
}: {
  /** The page's question (useConfirm's `ask`; the page renders its dialog). */
  ask: (request: ConfirmRequest) => Promise<boolean>;
  kind: Parameters<typeof deleteRequest>[0];
  name: string;
  disabled?: boolean;
  onDelete: () => void;
}) {
  return (
    <Button
      size="sm"
      variant="outline-danger"
      aria-label={`Delete ${name}`}
      disabled={disabled}
      onClick={async () => {
        if (await ask(deleteRequest(kind, name))) onDelete();
      }}
    >
      Delete
    </Button>
  );
}
