import 'bootstrap/dist/css/bootstrap.min.css';
import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { renderInSlices } from './lib/firstRender';
import { createRouter } from './app/router';
import { disableZodJit } from './lib/zodSetup';

// Before any lazy chunk loads zod: no eval probe under the CSP (see lib/zodSetup.ts).
disableZodJit();
const router = createRouter();
const app = (
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);
const root = document.getElementById('root')!;

if (import.meta.env.PROD) {
  // The production build runs on Preact, which renders a tree in one task: the first render goes in slices into a
  // copy of #root, shown when complete (app/firstRender.tsx; phones: ~400 ms of blocking time otherwise).
  renderInSlices({
    root,
    render: (container) => createRoot(container).render(app),
    ready: () => router.state.initialized,
    subscribe: (listener) => router.subscribe(listener),
  });
} else {
  // React: the first render as a transition, which React renders in slices that give the main thread back.
  startTransition(() => createRoot(root).render(app));
}
