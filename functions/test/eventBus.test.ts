// The event bus (events/bus.ts): every subscriber hears each commit's events in order; one that throws neither fails
// the write that published nor keeps the others from hearing.
import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../src/domain/index.js';
import { EventBus } from '../src/events/bus.js';

const revoked = (userId: string): DomainEvent => ({ type: 'SessionsRevoked', userId });

describe('EventBus', () => {
  it('delivers each publish to every subscriber, in order, until it unsubscribes', () => {
    const bus = new EventBus();
    const heard: string[] = [];
    const stop = bus.subscribe((events) => heard.push(...events.map((e) => `a:${(e as { userId: string }).userId}`)));
    bus.subscribe((events) => heard.push(...events.map((e) => `b:${(e as { userId: string }).userId}`)));
    bus.publish([revoked('1'), revoked('2')]);
    stop();
    bus.publish([revoked('3')]);
    bus.publish([]);
    expect(heard).toEqual(['a:1', 'a:2', 'b:1', 'b:2', 'b:3']);
  });

  it('a subscriber that throws is logged; the publisher and the other subscribers carry on', () => {
    const bus = new EventBus();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard: DomainEvent[] = [];
    bus.subscribe(() => {
      throw new Error('broken subscriber');
    });
    bus.subscribe((events) => void heard.push(...events));
    expect(() => bus.publish([revoked('1')])).not.toThrow();
    expect(heard).toEqual([revoked('1')]);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
