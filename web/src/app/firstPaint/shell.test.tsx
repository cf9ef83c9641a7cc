import { FIRST_PAINT_SLOT } from '@domain/firstPaint';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RootLayout } from '../RootLayout';
import { renderFirstPaint } from './shell';

const parse = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box.firstElementChild!;
};

/** RootLayout as the app's first render makes it, signed out, around a page. */
function rootLayout() {
  const router = createMemoryRouter([
    { path: '/', element: <RootLayout />, children: [{ index: true, element: <p /> }] },
  ]);
  return parse(renderToStaticMarkup(<RouterProvider router={router} />));
}

describe('the first paint (index.html, issue 42)', () => {
  it('is inert, with one slot inside the main container, and no footer (it would move down as the page arrives)', () => {
    const html = renderFirstPaint();
    expect(html.split(FIRST_PAINT_SLOT)).toHaveLength(2);
    const frame = parse(html.replace(FIRST_PAINT_SLOT, '<p id="slot"></p>'));
    expect(frame.hasAttribute('data-first-paint')).toBe(true);
    expect(frame.hasAttribute('inert')).toBe(true);
    expect(frame.querySelector('main#main > .container > #slot')).not.toBeNull();
    expect(frame.querySelector('footer')).toBeNull();
    // Hidden there by index.css (the same HTML for every visitor): the signed-out entry.
    expect(frame.querySelector('.navbar-nav a[href="/login"]')?.textContent).toContain('Sign In');
  });

  it("has RootLayout's boxes: the same frame, header and main, so the app replaces it without a move", () => {
    const shell = parse(renderFirstPaint()).firstElementChild!;
    const app = rootLayout();
    expect(shell.className).toBe(app.className);
    const header = (e: Element) => e.querySelector(':scope > header')!;
    // useId's ids differ from render to render: compared without them.
    const withoutIds = (e: Element) => e.outerHTML.replace(/_r_[0-9a-z]+_/gi, '');
    expect(withoutIds(header(shell))).toBe(withoutIds(header(app)));
    const main = (e: Element) => e.querySelector(':scope > main')!;
    const attributes = (e: Element) => [...e.attributes].map((a) => `${a.name}=${a.value}`).sort();
    expect(attributes(main(shell))).toEqual(attributes(main(app)));
    expect(main(shell).firstElementChild!.className).toBe(main(app).firstElementChild!.className);
    expect([...shell.children].map((c) => c.tagName)).toEqual(['HEADER', 'MAIN']);
    expect([...app.children].map((c) => c.tagName).slice(0, 2)).toEqual(['HEADER', 'MAIN']);
  });
});
