// The first paint's static HTML (issue 42), rendered once at build time (web/scripts/firstPaint.ts) into index.html's
// <template id="first-paint">: the page's frame (RootLayout's: the header as a signed-out visitor with an empty cart
// sees it, an empty main, no footer, which would move down as the page arrives) with the slot the server fills. The server's pages put it in #root
// (functions/src/features/pages/render.ts), so a phone paints the header and the home page's carousel poster as soon
// as the HTML and the styles are in, not after the app's script; the app's first render then replaces it with the
// same boxes. `inert`: nothing in it can be clicked, focused or typed in, and assistive tech skips it, until the app
// has taken its place.
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FIRST_PAINT_SLOT } from '@domain/firstPaint';

export { FIRST_PAINT_TEMPLATE_ID } from '@domain/firstPaint';
import { Header } from '../components/Header';

/** Text no page shows, swapped for the slot's HTML comment once rendered (React escapes what it renders). */
const SLOT_TEXT = 'voltshop-first-paint-slot';

export function renderFirstPaint(): string {
  const frame = (
    <div data-first-paint="" inert>
      {/* RootLayout's frame without its footer, written out here rather than shared so the first bundle carries
          nothing for it (a shared frame component cost it 50 B); shell.test.tsx checks that the two agree. */}
      <div className="d-flex flex-column min-vh-100">
        <Header />
        <main id="main" className="py-4 flex-grow-1" tabIndex={-1}>
          <div className="container">{SLOT_TEXT}</div>
        </main>
      </div>
    </div>
  );
  const router = createMemoryRouter([{ path: '*', element: frame }]);
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  if (html.split(SLOT_TEXT).length !== 2) throw new Error('the first paint has no slot, or more than one');
  return html.replace(SLOT_TEXT, FIRST_PAINT_SLOT);
}
