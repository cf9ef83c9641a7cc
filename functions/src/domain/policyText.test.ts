import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { policyBlocks, policySummary } from './policyText.js';

describe('policyBlocks: the owner policy texts', () => {
  it('reads paragraphs, headings and lists', () => {
    const text = '## Returns\n\nSend it back\nwithin 14 days.\n\n- unused\n* boxed\n\n# Refunds\nIn five days.';
    expect(policyBlocks(text)).toEqual([
      { kind: 'heading', text: 'Returns' },
      { kind: 'paragraph', text: 'Send it back within 14 days.' },
      { kind: 'list', items: ['unused', 'boxed'] },
      { kind: 'heading', text: 'Refunds' },
      { kind: 'paragraph', text: 'In five days.' },
    ]);
  });

  it('an empty text has no blocks; Windows line ends read the same', () => {
    expect(policyBlocks('')).toEqual([]);
    expect(policyBlocks('  \n\n ')).toEqual([]);
    expect(policyBlocks('a\r\n\r\nb')).toEqual([
      { kind: 'paragraph', text: 'a' },
      { kind: 'paragraph', text: 'b' },
    ]);
  });

  it('keeps markup as plain text: HTML and links are words, never elements', () => {
    const blocks = policyBlocks('<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=1>');
    expect(blocks).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script>' },
      { kind: 'paragraph', text: '[x](javascript:alert(1)) <img src=x onerror=1>' },
    ]);
  });

  it('loses no word of any text, and no block is empty (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('word', '##', '- ', '* ', '\n', '\n\n', ' ', '#', '<b>', 'x-y'), { maxLength: 40 }),
        (parts) => {
          const text = parts.join('');
          const blocks = policyBlocks(text);
          const kept = blocks.flatMap((b) => (b.kind === 'list' ? b.items : [b.text])).join(' ');
          for (const b of blocks) expect(b.kind === 'list' ? b.items.length : b.text.length).toBeGreaterThan(0);
          expect(kept.split('word').length).toBe(text.split('word').length);
        },
      ),
    );
  });

  it('summarises by the first paragraph, cut at the limit', () => {
    expect(policySummary(policyBlocks('## Title\n\nFirst.\n\nSecond.'))).toBe('First.');
    expect(policySummary(policyBlocks('# Only a title'))).toBeUndefined();
    const long = policySummary(policyBlocks('a'.repeat(300)), 20)!;
    expect(long).toHaveLength(20);
    expect(long.endsWith('…')).toBe(true);
  });
});
