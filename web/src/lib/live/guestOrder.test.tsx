// useLiveGuestOrder (issue 37): a guest's order page (its token, no account) asks the API for the order again when
// the live source says it changed (Firebase: its public status document); a source without guest orders (the
// embedded server's streams) is simply not asked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { orderKeys } from '@/lib/queryKeys';
import type { LiveHandlers, LiveSource } from './types';

const source = vi.hoisted(() => ({ current: null as Partial<LiveSource> | null }));
vi.mock('./index', () => ({
  watch: (start: (live: LiveSource) => () => void) => start(source.current as LiveSource),
}));
const { useLiveGuestOrder } = await import('./hooks');

function setup() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { invalidate, wrapper };
}

describe('useLiveGuestOrder', () => {
  it('follows the order by its token and asks for it again on each change; stops with the page', () => {
    let handlers: LiveHandlers<never> | undefined;
    const stop = vi.fn();
    const watchGuestOrder = vi.fn((_id: string, _token: string, h: LiveHandlers<never>) => {
      handlers = h;
      return stop;
    });
    source.current = { watchGuestOrder };
    const { invalidate, wrapper } = setup();
    const { unmount } = renderHook(() => useLiveGuestOrder('o1', 'o1.signed'), { wrapper });
    expect(watchGuestOrder).toHaveBeenCalledWith('o1', 'o1.signed', expect.anything());
    handlers!.onResync!();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.detail('o1') });
    unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('does nothing without a token, or where the source has no guest orders', () => {
    const watchGuestOrder = vi.fn(() => () => undefined);
    source.current = { watchGuestOrder };
    const { wrapper } = setup();
    renderHook(() => useLiveGuestOrder('o1', null), { wrapper });
    expect(watchGuestOrder).not.toHaveBeenCalled();
    source.current = {};
    const { unmount } = renderHook(() => useLiveGuestOrder('o1', 'o1.signed'), { wrapper });
    unmount();
  });
});
