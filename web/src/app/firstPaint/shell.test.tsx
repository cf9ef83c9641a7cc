import { FIRST_PAINT_SLOT } from '@domain/firstPaint';
import { describe, expect, it } from 'vitest';
import { renderFirstPaint } from './shell';

describe('the first paint (index.html, issue 42)', () => {
  it('is the page frame as a signed-out visitor sees it, inert, with one slot inside the main container', () => {
    const html = renderFirstPaint();
    expect(html.split(FIRST_PAINT_SLOT)).toHaveLength(2);
    const box = document.createElement('div');
    box.innerHTML = html.replace(FIRST_PAINT_SLOT, '<p id="slot"></p>');
    const frame = box.firstElementChild!;
    expect(frame.hasAttribute('data-first-paint')).toBe(true);
    expect(frame.hasAttribute('inert')).toBe(true);
    expect(frame.querySelector('main#main > .container > #slot')).not.toBeNull();
    expect(frame.querySelector('header .navbar-brand')?.textContent).toContain('Voltshop');
    // Hidden there by index.css (the same for every visitor): the account's entry, here the signed-out one.
    expect(frame.querySelector('.nav-account')?.textContent).toContain('Sign In');
    // Below the main area nothing: a footer would move down as the page arrives.
    expect(frame.querySelector('footer')).toBeNull();
  });
});
