import 'bootstrap/dist/css/bootstrap.min.css';
import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { disableZodJit } from './lib/zodSetup';

// Before any lazy chunk loads zod: no eval probe under the CSP (see lib/zodSetup.ts).
disableZodJit();
const router = createRouter();

// The first render as a transition: React renders it in slices that give the main thread back every few
// milliseconds instead of one long task (phones: Total Blocking Time ~200 ms -> ~40 ms on the home page,
// docs/benchmarks.md). Nothing is on screen yet, so there is nothing a transition could hold back.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  ),
);
