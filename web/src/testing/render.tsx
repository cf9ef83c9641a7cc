// Renders a component inside a memory data router and a fresh query client, as the app does.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { createQueryClient } from '@/lib/queryClient';

/** Shows the current location so tests can assert redirects. */
export function LocationProbe() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

export function renderRoutes(
  routes: RouteObject[],
  { at = '/', prepare }: { at?: string; prepare?: (client: QueryClient) => void } = {},
) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  // e.g. the data a page's HTML carried, already in the cache at the first render.
  prepare?.(client);
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, client, user };
}

/** One element at `at`, with a probe on every other path. */
export function renderAt(element: ReactElement, { path = '/', at = path }: { path?: string; at?: string } = {}) {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { at },
  );
}

/** A fetch mock answering JSON by "METHOD /path" (query string ignored unless given). */
export function mockFetch(routes: Record<string, (body: unknown, url: URL) => { status?: number; body: unknown }>) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      method,
      url: url.pathname + url.search,
      body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const handler = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    const answer = handler ? handler(body, url) : { status: 404, body: { message: `Not found - ${url.pathname}` } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}
