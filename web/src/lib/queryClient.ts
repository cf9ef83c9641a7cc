import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { takeAllInlineData } from './inlineData';

/** Client errors (4xx) are answers, not glitches: never retried. Network and 5xx errors get one retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's client, holding from the start the answers the server put in the page (lib/inlineData.ts). */
export const queryClient = createQueryClient();
for (const { key, data, updatedAt } of takeAllInlineData()) queryClient.setQueryData(key, data, { updatedAt });

/** Query keys of data that belongs to the signed-in user: dropped on sign-out or when another user signs in. */
export const USER_SCOPED_KEYS = ['orders', 'users', 'admin', 'profile'] as const;

export function clearUserData(client: QueryClient = queryClient) {
  client.removeQueries({ predicate: (q) => (USER_SCOPED_KEYS as readonly unknown[]).includes(q.queryKey[0]) });
}
