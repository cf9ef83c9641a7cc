import { describe, expect, it } from 'vitest';
import { restoreWhenTall } from './scrollRestoration';

/** A page whose height grows by frames, a clock, and a reader who may scroll. */
function fakePage(heights: number[]) {
  let frame = 0;
  let time = 0;
  const frames: (() => void)[] = [];
  const readers: (() => void)[] = [];
  const scrolled: number[] = [];
  /** Whether the browser's scroll anchoring is held off now. */
  const anchoring = { held: false };
  return {
    scrolled,
    anchoring,
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
      holdScrollAnchoring: () => {
        anchoring.held = true;
        return () => void (anchoring.held = false);
      },
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
  it('scrolls to the position once the page has grown tall enough, once; anchoring off until the patience ends', () => {
    const p = fakePage([0, 300, 900, 1500, 1500]);
    restoreWhenTall(1248, p.page);
    expect(p.anchoring.held).toBe(true);
    p.tick();
    p.tick();
    expect(p.scrolled).toEqual([]);
    p.tick();
    expect(p.scrolled).toEqual([1248]);
    p.tick();
    expect(p.scrolled).toEqual([1248]);
    // The page may still change above the position: anchoring stays off for the patience window, then comes back.
    expect(p.anchoring.held).toBe(true);
    for (let i = 0; i < 10; i++) p.tick(400);
    expect(p.scrolled).toEqual([1248]);
    expect(p.anchoring.held).toBe(false);
    expect(p.pending()).toBe(0);
  });

  it('scrolls nothing when the page is tall enough already (the router got there), but holds anchoring off', () => {
    // The home page at 390 px on a busy machine: tall enough with the list's placeholder, then the list came in 78 px
    // taller above the reader's place; with anchoring the browser moved the reader down with it.
    const p = fakePage([2000]);
    restoreWhenTall(1248, p.page);
    p.tick();
    expect(p.scrolled).toEqual([]);
    expect(p.anchoring.held).toBe(true);
    for (let i = 0; i < 10; i++) p.tick(400);
    expect(p.anchoring.held).toBe(false);
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
    expect(reader.anchoring.held).toBe(false); // the reader's own scrolling anchors again

    const short = fakePage([100]);
    restoreWhenTall(1248, short.page);
    for (let i = 0; i < 10; i++) short.tick(400);
    expect(short.scrolled).toEqual([]);
    expect(short.pending()).toBe(0);
    expect(short.anchoring.held).toBe(false);
  });

  it('a cancel (the next navigation) stops the wait', () => {
    const p = fakePage([0, 0, 5000]);
    const cancel = restoreWhenTall(1248, p.page);
    p.tick();
    cancel();
    p.tick();
    expect(p.scrolled).toEqual([]);
    expect(p.pending()).toBe(0);
    expect(p.anchoring.held).toBe(false);
  });
});
