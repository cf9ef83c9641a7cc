// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { purgeBootstrap } from './purgeBootstrap';

const bootstrapCss = createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.css');

async function purged() {
  const result = await postcss([purgeBootstrap()]).process(readFileSync(bootstrapCss, 'utf8'), { from: bootstrapCss });
  const selectors = new Set<string>();
  result.root.walkRules((rule) => rule.selectors.forEach((s) => selectors.add(s)));
  return { css: result.css, has: (s: string) => selectors.has(s) };
}

describe('the production Bootstrap stylesheet (purgeBootstrap)', () => {
  it('keeps the classes react-bootstrap components compose from props or toggle, which no source spells out', async () => {
    const { has } = await purged();
    for (const selector of [
      '.btn-primary',
      '.btn-outline-secondary',
      '.btn-sm',
      '.alert-danger',
      '.list-group-flush',
      '.list-group-item-action',
      '.offcanvas.offcanvas-end',
      '.offcanvas.showing',
      '.offcanvas-backdrop.show',
      '.carousel-item-next:not(.carousel-item-start)',
      '.carousel-indicators [data-bs-target]',
      '.form-control.is-invalid',
      '.invalid-feedback',
      '.progress-bar',
      '.bg-success',
      '.table-striped > tbody > tr:nth-of-type(odd) > *',
      '.fade:not(.show)',
    ])
      expect(has(selector), selector).toBe(true);
    // Responsive columns are composed as col-{breakpoint}-{span}.
    const { css } = await purged();
    expect(css).toMatch(/\.col-md-6\s*\{/);
  });

  it('drops the components the shop never renders, so the first paint waits for less', async () => {
    const { has, css } = await purged();
    for (const selector of ['.accordion-button', '.popover', '.tooltip', '.toast', '.form-floating', '.form-range'])
      expect(has(selector), selector).toBe(false);
    expect(css.length).toBeLessThan(readFileSync(bootstrapCss, 'utf8').length / 2);
  });

  it('leaves any stylesheet other than Bootstrap as written', async () => {
    const own = '.only-here { color: red; }';
    const result = await postcss([purgeBootstrap()]).process(own, { from: '/work/web/src/index.css' });
    expect(result.css).toBe(own);
  });
});
