import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

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

export const queryClient = createQueryClient();

/** Query keys of data that belongs to the signed-in user: dropped on sign-out or when another user signs in. */
export const USER_SCOPED_KEYS = ['orders', 'users', 'admin', 'profile'] as const;

export function clearUserData(client: QueryClient = queryClient) {
  client.removeQueries({ predicate: (q) => (USER_SCOPED_KEYS as readonly unknown[]).includes(q.queryKey[0]) });
}
