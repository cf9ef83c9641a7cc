// A confirmation in place of the button that asked for it (cancel an order, cancel and refund, mark as delivered):
// the question, the doing button (a spinner while it runs) and the way back, as one labelled group.
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';

interface InlineConfirmProps {
  /** Names the group for assistive technologies ("Confirm delivery"). */
  label: string;
  question: ReactNode;
  confirmText: string;
  /** What the spinner says while the action runs ("Cancelling the order"). */
  pendingText: string;
  backText: string;
  pending: boolean;
  variant?: 'danger' | 'dark';
  onConfirm: () => void;
  onBack: () => void;
  /** Shown above the buttons (the action's error). */
  children?: ReactNode;
}

export function InlineConfirm(props: InlineConfirmProps) {
  const { label, question, confirmText, pendingText, backText, pending, variant = 'danger' } = props;
  return (
    <div role="group" aria-label={label} className="d-grid gap-2">
      <p className="small mb-0">{question}</p>
      {props.children}
      <Button type="button" variant={variant} disabled={pending} onClick={props.onConfirm}>
        {pending ? <Loader small label={pendingText} /> : confirmText}
      </Button>
      <Button type="button" variant="outline-secondary" disabled={pending} onClick={props.onBack}>
        {backText}
      </Button>
    </div>
  );
}

interface ConfirmedActionProps extends Omit<InlineConfirmProps, 'pending' | 'onConfirm' | 'onBack' | 'children'> {
  /** The action's mutation: its error shows above, its run spins the confirming button. */
  action: { isError: boolean; error: unknown; isPending: boolean };
  /** The button that asks ("Cancel order") and its look. */
  buttonText: string;
  buttonVariant: 'outline-danger' | 'dark';
  /** Runs the action; `back` shows the button again (e.g. once it succeeded). */
  onConfirm: (back: () => void) => void;
}

/** A button whose action asks first: pressed, the InlineConfirm takes its place until confirmed or left. */
export function ConfirmedAction({ action, buttonText, buttonVariant, onConfirm, ...confirm }: ConfirmedActionProps) {
  const [confirming, setConfirming] = useState(false);
  const back = () => setConfirming(false);
  return (
    <>
      {action.isError && <Message variant="danger">{errorMessage(action.error)}</Message>}
      {confirming ? (
        <InlineConfirm {...confirm} pending={action.isPending} onConfirm={() => onConfirm(back)} onBack={back} />
      ) : (
        <Button type="button" variant={buttonVariant} onClick={() => setConfirming(true)}>
          {buttonText}
        </Button>
      )}
    </>
  );
}
