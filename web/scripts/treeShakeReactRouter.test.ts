import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_ROUTER_CHUNK, withoutSideEffects } from './treeShakeReactRouter';

const dir = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const chunks = readdirSync(dir)
  .map((f) => join(dir, f))
  .filter((f) => REACT_ROUTER_CHUNK.test(f));
const components = chunks.map((f) => readFileSync(f, 'utf8')).find((code) => code.includes('var Link = '));

describe('treeShakeReactRouter', () => {
  it("finds the installed react-router's components and lets the bundler drop Link, NavLink and Form", () => {
    expect(components).toBeDefined();
    const { code, changed } = withoutSideEffects(components!);
    expect(changed).toBeGreaterThan(3);
    for (const name of ['Link', 'NavLink', 'Form']) {
      expect(code).toMatch(new RegExp(`var ${name} = /\\* @__PURE__ \\*/ React\\d*\\.forwardRef\\(`));
      expect(code).not.toMatch(new RegExp(`^${name}\\.displayName =`, 'm'));
    }
  });

  it('changes only top-level displayName statements and forwardRef calls: code inside functions and other calls stay', () => {
    const source = [
      'var A = React.forwardRef(function A() {});',
      'A.displayName = "A";',
      'function f() {',
      '    B.displayName = "B";',
      '    return React.useContext(C);',
      '}',
      'var D = React.createContext(null);',
    ].join('\n');
    const { code, changed } = withoutSideEffects(source);
    expect(changed).toBe(2);
    expect(code).toContain('var A = /* @__PURE__ */ React.forwardRef(function A() {});');
    expect(code).not.toContain('A.displayName');
    expect(code).toContain('    B.displayName = "B";');
    expect(code).toContain('return React.useContext(C);');
    expect(code).toContain('var D = React.createContext(null);');
  });
});
