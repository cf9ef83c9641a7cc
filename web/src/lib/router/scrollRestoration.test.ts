import { describe, expect, it } from 'vitest';
import { restoreWhenTall } from './scrollRestoration';

/** A page whose height grows by frames, a clock, and a reader who may scroll. */
function fakePage(heights: number[]) {
  let frame = 0;
  let time = 0;
  const frames: (() => void)[] = [];
  const readers: (() => void)[] = [];
  const scrolled: number[] = [];
  return {
    scrolled,
    page: {
      maxScroll: () => heights[Math.min(frame, heights.length - 1)]!,
      scrollTo: (y: number) => void scrolled.push(y),
      nextFrame: (run: () => void) => {
        frames.push(run);
        return () => void frames.splice(frames.indexOf(run) >>> 0, 1);
      },
      onReaderScroll: (listener: () => void) => {
        readers.push(listener);
        return () => void readers.splice(readers.indexOf(listener) >>> 0, 1);
      },
      now: () => time,
    },
    /** Runs the next frame, `ms` later. */
    tick(ms = 16) {
      frame++;
      time += ms;
      frames.splice(0).forEach((run) => run());
    },
    readerScrolls: () => readers.slice().forEach((l) => l()),
    pending: () => frames.length + readers.length,
  };
}

describe('restoreWhenTall', () => {
  it('scrolls to the position once the page has grown tall enough, once', () => {
    const p = fakePage([0, 300, 900, 1500, 1500]);
    restoreWhenTall(1248, p.page);
    p.tick();
    p.tick();
    expect(p.scrolled).toEqual([]);
    p.tick();
    expect(p.scrolled).toEqual([1248]);
    p.tick();
    expect(p.scrolled).toEqual([1248]);
    expect(p.pending()).toBe(0);
  });

  it('does nothing when the page is tall enough already (the router got there)', () => {
    const p = fakePage([2000]);
    restoreWhenTall(1248, p.page);
    p.tick();
    expect(p.scrolled).toEqual([]);
    expect(p.pending()).toBe(0);
  });

  it('gives up when the reader scrolls first, or when the page never grows', () => {
    const reader = fakePage([0, 0, 0, 5000]);
    restoreWhenTall(1248, reader.page);
    reader.tick();
    reader.readerScrolls();
    reader.tick();
    reader.tick();
    expect(reader.scrolled).toEqual([]);
    expect(reader.pending()).toBe(0);

    const short = fakePage([100]);
    restoreWhenTall(1248, short.page);
    for (let i = 0; i < 10; i++) short.tick(400);
    expect(short.scrolled).toEqual([]);
    expect(short.pending()).toBe(0);
  });

  it('a cancel (the next navigation) stops the wait', () => {
    const p = fakePage([0, 0, 5000]);
    const cancel = restoreWhenTall(1248, p.page);
    p.tick();
    cancel();
    p.tick();
    expect(p.scrolled).toEqual([]);
    expect(p.pending()).toBe(0);
  });
});
