import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/render';
import { GiftCardField, type AppliedGiftCard } from './GiftCardField';

function Harness({ dueCents }: { dueCents: number }) {
  const [card, setCard] = useState<AppliedGiftCard | null>(null);
  return <GiftCardField dueCents={dueCents} applied={card} onApplied={setCard} />;
}

describe('GiftCardField (issue 39)', () => {
  it('checks the code, then shows what the card pays (its balance, up to what is due)', async () => {
    const calls = mockFetch({
      'GET /api/gift-cards/abcd-efgh-jklm-npqr': () => ({
        body: { code: 'ABCD-EFGH-JKLM-NPQR', balance: 20, expiresAt: null },
      }),
    });
    render(<Harness dueCents={6550} />);
    await userEvent.type(screen.getByLabelText('Gift card'), 'abcd-efgh-jklm-npqr');
    await userEvent.click(screen.getByRole('button', { name: 'Apply gift card' }));
    const applied = await screen.findByTestId('gift-card-applied');
    expect(applied).toHaveTextContent('Gift card NPQR pays $20.00');
    expect(calls).toHaveLength(1);
  });

  it('pays no more than is due (what the store credit left), never its whole balance', async () => {
    mockFetch({
      'GET /api/gift-cards/ABCD-EFGH-JKLM-NPQR': () => ({
        body: { code: 'ABCD-EFGH-JKLM-NPQR', balance: 20, expiresAt: null },
      }),
    });
    render(<Harness dueCents={1234} />);
    await userEvent.type(screen.getByLabelText('Gift card'), 'ABCD-EFGH-JKLM-NPQR');
    await userEvent.click(screen.getByRole('button', { name: 'Apply gift card' }));
    expect(await screen.findByTestId('gift-card-applied')).toHaveTextContent('Gift card NPQR pays $12.34');
  });

  it('says why an unknown code is refused', async () => {
    mockFetch({ 'GET /api/gift-cards/NOPE': () => ({ status: 404, body: { message: 'No gift card has this code' } }) });
    render(<Harness dueCents={1000} />);
    await userEvent.type(screen.getByLabelText('Gift card'), 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply gift card' }));
    expect(await screen.findByText('No gift card has this code')).toBeInTheDocument();
  });
});
