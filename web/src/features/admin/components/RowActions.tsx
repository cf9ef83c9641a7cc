import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { Loader } from '@/components/ui/Loader';
import { EditIcon, TrashIcon } from './Icons';

/** A table row's edit link and delete button (named after the row for screen readers; a spinner while deleting). */
export function RowActions({
  name,
  editTo,
  deleting,
  onDelete,
}: {
  name: string;
  editTo: string;
  deleting: boolean;
  /** Absent: the row cannot be deleted (e.g. the admin's own account), no Delete button. */
  onDelete?: () => void;
}) {
  return (
    <>
      <Link to={editTo} className="btn btn-light btn-sm" aria-label={`Edit ${name}`}>
        <EditIcon />
      </Link>
      {onDelete && (
        <Button
          type="button"
          variant="danger"
          size="sm"
          aria-label={`Delete ${name}`}
          disabled={deleting}
          onClick={onDelete}
        >
          {deleting ? <Loader small label={`Deleting ${name}`} /> : <TrashIcon />}
        </Button>
      )}
    </>
  );
}
