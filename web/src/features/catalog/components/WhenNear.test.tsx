import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from './WhenNear';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** A stand-in IntersectionObserver whose callback the test calls (jsdom has none). */
function fakeObserver() {
  const observers: { callback: Callback; options?: IntersectionObserverInit; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: (typeof observers)[number];
      constructor(callback: Callback, options?: IntersectionObserverInit) {
        this.entry = { callback, options, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  return observers;
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenNear (issue 40: the product page renders what is far below the fold when it nears the screen)', () => {
  it('renders nothing of its children until its place nears the screen, then them, and stops observing', () => {
    const observers = fakeObserver();
    render(
      <WhenNear margin={300}>
        <p>Related</p>
      </WhenNear>,
    );
    expect(screen.queryByText('Related')).not.toBeInTheDocument();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options?.rootMargin).toBe('300px 0px');
    act(() => observers[0]!.callback([{ isIntersecting: false }]));
    expect(screen.queryByText('Related')).not.toBeInTheDocument();
    act(() => observers[0]!.callback([{ isIntersecting: true }]));
    expect(screen.getByText('Related')).toBeInTheDocument();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('does not look while what is above it is not ready', () => {
    const observers = fakeObserver();
    const { rerender } = render(
      <WhenNear ready={false}>
        <p>Related</p>
      </WhenNear>,
    );
    expect(observers).toHaveLength(0);
    rerender(
      <WhenNear ready>
        <p>Related</p>
      </WhenNear>,
    );
    expect(observers).toHaveLength(1);
    expect(screen.queryByText('Related')).not.toBeInTheDocument();
    act(() => observers[0]!.callback([{ isIntersecting: true }]));
    expect(screen.getByText('Related')).toBeInTheDocument();
  });

  it('renders its children at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear>
        <p>Related</p>
      </WhenNear>,
    );
    expect(screen.getByText('Related')).toBeInTheDocument();
  });
});
