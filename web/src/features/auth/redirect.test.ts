import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('defaults to / and accepts shop paths with or without the leading slash', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('/shipping')).toBe('/shipping');
    expect(safeRedirect('shipping')).toBe('/shipping');
    expect(safeRedirect('/order/1?x=2')).toBe('/order/1?x=2');
  });

  it('never leaves the site', () => {
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'])
      expect(safeRedirect(bad)).toBe('/');
  });

  it('removes control characters first, as the URL parser of the browser does, then judges the path (issue 13)', () => {
    // `/login?redirect=%2F%09%2Fevil.example`: the tab hid `//evil.example` from the check.
    for (const bad of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\t//evil.example',
      '/\u0000/evil.example',
      '/\\\t\\evil.example',
      'java\tscript:alert(1)',
      '\u0001https://evil.example',
    ])
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe('/');
    expect(safeRedirect('/ship\tping')).toBe('/shipping');
    expect(safeRedirect('\n/order/1')).toBe('/order/1');
  });

  it('only same-origin paths pass: whatever the URL parser would resolve elsewhere falls back to /', () => {
    for (const bad of ['/\\/evil.example', '\\\\evil.example', '///evil.example', '/\\\\evil.example'])
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe('/');
  });
});
