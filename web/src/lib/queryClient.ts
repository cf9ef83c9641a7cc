import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { takeAllInlineData } from './inlineData';
import { USER_SCOPED_KEYS } from './queryKeys';

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

/** Drops the signed-in user's data (lib/queryKeys.ts: USER_SCOPED_KEYS): on sign-out or when another user signs in. */
export function clearUserData(client: QueryClient = queryClient) {
  USER_SCOPED_KEYS.forEach((queryKey) => client.removeQueries({ queryKey }));
}
