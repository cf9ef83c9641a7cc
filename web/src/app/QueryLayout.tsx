// Server state (TanStack Query) for every page but home. Loaded lazily as a layout route so that the home page's
// first bundle stays small: home reads its data through its route loader (see catalog/routes/catalogLoader.ts).
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { sessionStore } from '@/lib/session';
import { clearUserData, queryClient } from '@/lib/queryClient';

// Logout (or a different user signing in) drops the previous user's orders, profile and admin lists.
let previousUser = sessionStore.get()?._id ?? null;
sessionStore.subscribe(() => {
  const current = sessionStore.get()?._id ?? null;
  if (current !== previousUser) clearUserData(queryClient);
  previousUser = current;
});

export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
