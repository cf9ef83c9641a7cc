import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useConfirm, type ConfirmRequest } from './ConfirmDialog';

function Probe({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (yes: boolean) => void }) {
  const { dialog, ask } = useConfirm();
  return (
    <>
      <button type="button" onClick={() => void ask(request).then(onAnswer)}>
        Open
      </button>
      {dialog}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('starts a destructive question on Cancel, so Enter never deletes, and answers no to it', async () => {
    const answers: boolean[] = [];
    render(
      <Probe request={{ title: 'Delete product “Buds”?', confirmLabel: 'Delete' }} onAnswer={(a) => answers.push(a)} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete product “Buds”?' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(answers).toEqual([false]));
  });

  it('starts any other question on its own button', async () => {
    const answers: boolean[] = [];
    render(
      <Probe
        request={{ title: 'Send the invoice again?', confirmLabel: 'Send', destructive: false }}
        onAnswer={(a) => answers.push(a)}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(answers).toEqual([true]));
  });
});
