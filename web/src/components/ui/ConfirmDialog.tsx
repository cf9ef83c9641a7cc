// The question asked before an action that cannot be taken back (issue 40: instead of the browser's confirm()).
// It names what it acts on, and for a destructive action the focus starts on Cancel, so Enter never deletes.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

export interface ConfirmRequest {
  /** The question, naming what it acts on: "Delete product “Sony WH-1000XM5”?" */
  title: string;
  /** More detail (what follows from it, a warning). */
  body?: ReactNode;
  /** The confirming button's text ("Delete"). */
  confirmLabel: string;
  /** A deletion or the like: a red button, and Cancel focused at first. Default true. */
  destructive?: boolean;
}

interface Open extends ConfirmRequest {
  resolve: (yes: boolean) => void;
}

export function ConfirmDialog({ request, onClose }: { request: Open | null; onClose: (yes: boolean) => void }) {
  const destructive = request?.destructive ?? true;
  const cancel = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  // Once the dialog is in: a destructive action starts on Cancel, another on its button. Not `autoFocus`: Preact (the
  // production build) only writes the attribute, which browsers honour at page load, not on a button added later.
  // After the Modal's own focus on open, so that closing it still gives the focus back to what opened it.
  const focusFirst = () => (destructive ? cancel : confirm).current?.focus();
  return (
    <Modal
      show={request !== null}
      onHide={() => onClose(false)}
      onEntered={focusFirst}
      aria-labelledby="confirm-dialog-title"
      centered
    >
      {request && (
        <>
          <Modal.Header closeButton closeLabel="Close">
            <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
              {request.title}
            </Modal.Title>
          </Modal.Header>
          {request.body && <Modal.Body>{request.body}</Modal.Body>}
          <Modal.Footer>
            <Button ref={cancel} variant="secondary" onClick={() => onClose(false)}>
              Cancel
            </Button>
            <Button variant={destructive ? 'danger' : 'primary'} ref={confirm} onClick={() => onClose(true)}>
              {request.confirmLabel}
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}

/**
 * `ask(request)` opens the dialog and answers whether the action was confirmed; render `dialog` once in the
 * component. A second ask while one is open answers the first "no".
 */
export function useConfirm(): { dialog: ReactNode; ask: (request: ConfirmRequest) => Promise<boolean> } {
  const [request, setRequest] = useState<Open | null>(null);
  const current = useRef<Open | null>(null);
  const ask = useCallback(
    (r: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        current.current?.resolve(false);
        const open = { ...r, resolve };
        current.current = open;
        setRequest(open);
      }),
    [],
  );
  const close = useCallback((yes: boolean) => {
    current.current?.resolve(yes);
    current.current = null;
    setRequest(null);
  }, []);
  return { dialog: <ConfirmDialog request={request} onClose={close} />, ask };
}
