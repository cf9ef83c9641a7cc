import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@domain/routes';
import { mockFetch, renderAt } from '@/testing/render';
import { CartRemindersUnsubscribePage } from './UnsubscribePage';

describe('CartRemindersUnsubscribePage (issue 41: the reminder email’s one-click link)', () => {
  it('sends the link’s token without sign-in and confirms', async () => {
    const calls = mockFetch({ 'POST /api/cart-reminders/unsubscribe': () => ({ body: { subscribed: false } }) });
    renderAt(<CartRemindersUnsubscribePage />, {
      path: paths.cartRemindersUnsubscribe.path,
      at: paths.cartRemindersUnsubscribe.href('u1.sig_-'),
    });
    expect(await screen.findByText(/You will no longer receive cart reminders/)).toBeInTheDocument();
    const post = calls.filter((c) => c.method === 'POST');
    expect(post).toHaveLength(1);
    expect(post[0]!.body).toEqual({ token: 'u1.sig_-' });
    expect(post[0]!.headers.Authorization).toBeUndefined();
  });

  it('says so when the link is not valid', async () => {
    mockFetch({
      'POST /api/cart-reminders/unsubscribe': () => ({
        status: 404,
        body: { message: 'This unsubscribe link is not valid' },
      }),
    });
    renderAt(<CartRemindersUnsubscribePage />, {
      path: paths.cartRemindersUnsubscribe.path,
      at: paths.cartRemindersUnsubscribe.href('forged'),
    });
    expect(await screen.findByText('This unsubscribe link is not valid')).toBeInTheDocument();
  });
});
