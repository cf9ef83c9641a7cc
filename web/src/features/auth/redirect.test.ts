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
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) expect(safeRedirect(bad)).toBe('/');
  });
});
