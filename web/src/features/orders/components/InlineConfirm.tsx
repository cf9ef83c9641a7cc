// A confirmation in place of the button that asked for it (cancel an order, cancel and refund, mark as delivered):
// the question, the doing button (a spinner while it runs) and the way back, as one labelled group.
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Loader } from '@/components/ui/Loader';

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
