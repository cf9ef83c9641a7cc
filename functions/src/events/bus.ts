// The one event bus: a store (or the auth port) publishes what a committed write changed (domain/events.ts), and the
// subscribers (the catalogue cache, the live hub) hear it at once, in publishing order, before the writer's caller
// gets its answer. A subscriber that throws is logged and never fails the write, nor keeps the others from hearing.
import type { DomainEvent } from '../domain/events.js';
import type { EventHandler, EventPublisher, EventSource } from '../ports.js';

export class EventBus implements EventPublisher, EventSource {
  private readonly handlers = new Set<EventHandler>();

  subscribe(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }

  publish(events: readonly DomainEvent[]): void {
    if (events.length === 0) return;
    for (const handler of this.handlers) {
      try {
        handler(events);
      } catch (error) {
        console.error(`[events] a subscriber failed on ${events.map((e) => e.type).join(', ')}`, error);
      }
    }
  }
}
