import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/render';
import { GiftCardField, type AppliedGiftCard } from './GiftCardField';

function Harness({ total }: { total: number }) {
  const [card, setCard] = useState<AppliedGiftCard | null>(null);
  return <GiftCardField totalPrice={total} applied={card} onApplied={setCard} />;
}

describe('GiftCardField (issue 39)', () => {
  it('checks the code, then shows what the card pays and the rest to pay', async () => {
    const calls = mockFetch({
      'GET /api/gift-cards/abcd-efgh-jklm-npqr': () => ({
        body: { code: 'ABCD-EFGH-JKLM-NPQR', balance: 20, expiresAt: null },
      }),
    });
    render(<Harness total={65.5} />);
    await userEvent.type(screen.getByLabelText('Gift card'), 'abcd-efgh-jklm-npqr');
    await userEvent.click(screen.getByRole('button', { name: 'Apply gift card' }));
    const applied = await screen.findByTestId('gift-card-applied');
    expect(applied).toHaveTextContent('Gift card NPQR pays $20.00');
    expect(applied).toHaveTextContent('Rest to pay: $45.50');
    expect(calls).toHaveLength(1);
  });

  it('says why an unknown code is refused', async () => {
    mockFetch({ 'GET /api/gift-cards/NOPE': () => ({ status: 404, body: { message: 'No gift card has this code' } }) });
    render(<Harness total={10} />);
    await userEvent.type(screen.getByLabelText('Gift card'), 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply gift card' }));
    expect(await screen.findByText('No gift card has this code')).toBeInTheDocument();
  });
});
