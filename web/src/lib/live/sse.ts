// LiveSource on the embedded server: ONE EventSource per page on GET /api/live, multiplexing every topic the page
// watches. Private topics (the cart, an order, the admin views) need a single-use ticket from POST
// /api/live/tickets, asked with the session's bearer token, so no token ever sits in a URL. The stream is reopened
// (debounced) when the set of topics changes or the session changes, and after a drop with the last event id, so
// the server replays what was missed or says `resync` (functions/src/live/hub.ts). The first stream starts from the
// oldest position of the answers the page has read (lib/livePosition.ts): what changed since those reads is replayed.
import type { Order } from '@domain';
import type { CartLine } from '@domain/cart';
import type { StoredWishlist } from '@domain/wishlist';
import type { ShopSettings } from '@domain/settings';
import { LIVE_EVENT } from '@domain/live';
import { call } from '@/lib/api';
import { liveStream, liveTicket } from '@/lib/endpoints.gen';
import { takeLivePositions } from '@/lib/livePosition';
import { sessionStore } from '@/lib/session';
import type { LiveHandlers, LiveProduct, LiveSource, Unsubscribe } from './types';

/** The event types the server publishes (functions/src/live/liveUpdates.ts). */
const EVENT = LIVE_EVENT;

interface Listener {
  /** The topic as asked for ('cart' is the caller's own; the server names it cart:<uid>). */
  topic: string;
  /** The topic events arrive on. */
  heard: string;
  onEvent(type: string, data: unknown): void;
  onResync(): void;
}

const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 8000;
const REOPEN_DEBOUNCE_MS = 30;
/** Read from two server runs: no position covers both, so the first stream asks from one no run has (the hub then
 *  answers `resync`, and the page reads again). */
export const MIXED_RUNS = '.';

/** An event id or a read's position, `<run>.<seq>`: the server run that numbered it and its number in that run. */
function positionOf(id: string): { run: string | undefined; seq: number } {
  const [run, seq] = id.split('.');
  return { run, seq: Number(seq) };
}

/** The oldest of the positions the page's answers were read at (`<run>.<seq>`); MIXED_RUNS across runs. */
export function oldestPosition(ids: readonly string[]): string | undefined {
  let oldest: string | undefined;
  for (const id of ids) {
    const at = positionOf(id);
    const kept = positionOf(oldest ?? id);
    if (at.run !== kept.run) return MIXED_RUNS;
    if (oldest === undefined || at.seq < kept.seq) oldest = id;
  }
  return oldest;
}

const isPrivate = (t: string) => t === 'cart' || t === 'wishlist' || t === 'admin' || t.startsWith('order:');

/** What the streams of a source have delivered: every event up to `upTo` of `topics` (as the page names them; the
 *  account's cart and wishlist for `uid`). */
export interface Delivered {
  upTo: string;
  topics: ReadonlySet<string>;
  uid: string | null;
}

/** Whether the event `id` of `topic` (as the server names it) was delivered already. A stream that resumes from a
 *  read older than the last event heard replays, for the topics it carried before, events their listeners had:
 *  they are not delivered twice (a repeat would show an older state for a moment, or reset what reacts to it). */
export function deliveredAlready(id: string, topic: string, delivered: Delivered | undefined, uid: string | null) {
  if (!delivered) return false;
  const at = positionOf(id);
  const upTo = positionOf(delivered.upTo);
  if (at.run !== upTo.run || at.seq > upTo.seq) return false;
  if (delivered.topics.has(topic)) return true;
  const own = delivered.uid !== null && delivered.uid === uid;
  return (
    own &&
    ((topic.startsWith('cart:') && delivered.topics.has('cart')) ||
      (topic.startsWith('wishlist:') && delivered.topics.has('wishlist')))
  );
}

/** The later of two event ids (`<run>.<seq>`); one of another run than `current` replaces it. */
const laterId = (current: string | undefined, id: string) => {
  if (current === undefined) return id;
  const at = positionOf(id);
  const kept = positionOf(current);
  return at.run !== kept.run || at.seq > kept.seq ? id : current;
};

export class SseLiveSource implements LiveSource {
  private readonly listeners = new Set<Listener>();
  private source: EventSource | null = null;
  private openTopics = '';
  private lastEventId: string | undefined;
  /** What earlier streams delivered (the newest event id heard and those streams' topics). */
  private delivered: Delivered | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  /** Bumped by every (re)open: an answer for an older one is dropped. */
  private generation = 0;

  /** `missedSome`: changes may already have been missed (the live code came late, after failed loads), so the
   *  first stream's `ready` has what is shown reloaded, as after a reconnect. */
  constructor(
    private readonly base: string = liveStream.path,
    { missedSome = false }: { missedSome?: boolean } = {},
  ) {
    if (missedSome) this.failures = 1;
    // A new session (or none) changes which private topics may be heard: reopen with the new rights.
    sessionStore.subscribe(() => this.schedule(0));
  }

  private listen(topic: string, heard: string, onEvent: Listener['onEvent'], onResync: () => void): Unsubscribe {
    const listener: Listener = { topic, heard, onEvent, onResync };
    this.listeners.add(listener);
    this.schedule(REOPEN_DEBOUNCE_MS);
    return () => {
      this.listeners.delete(listener);
      this.schedule(REOPEN_DEBOUNCE_MS);
    };
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.open(), delay);
  }

  private wanted(): string[] {
    const signedIn = sessionStore.get() !== null;
    return [...new Set([...this.listeners].map((l) => l.topic))].filter((t) => signedIn || !isPrivate(t)).sort();
  }

  private async open(force = false) {
    const topics = this.wanted();
    const key = topics.join(',');
    if (!force && key === this.openTopics && this.source) return;
    const generation = ++this.generation;
    this.source?.close();
    this.source = null;
    this.openTopics = key;
    if (topics.length === 0) return;
    const params = new URLSearchParams();
    const pub = topics.filter((t) => !isPrivate(t));
    const priv = topics.filter(isPrivate);
    if (pub.length) params.set('topics', pub.join(','));
    try {
      if (priv.length) {
        const { ticket } = await call(liveTicket, { body: { topics: priv } });
        params.set('ticket', ticket);
      }
    } catch {
      if (generation === this.generation) this.retry();
      return;
    }
    if (generation !== this.generation) return;
    // Resume from the oldest of what this source last heard and the reads since it last opened: the first stream's
    // page read its data before this code loaded, and a page moved to inside the app reads its data before the
    // stream reopens with its topics (a change in between is replayed; replays are idempotent: each event carries
    // the state it leads to).
    const read = oldestPosition(takeLivePositions());
    if (read !== undefined)
      this.lastEventId = this.lastEventId === undefined ? read : oldestPosition([this.lastEventId, read]);
    // A new EventSource cannot send Last-Event-ID itself: the server reads it from the query too.
    if (this.lastEventId) params.set('lastEventId', this.lastEventId);
    const source = new EventSource(`${this.base}?${params}`);
    this.source = source;
    /** This stream said `resync`: its `ready` need not reload again. */
    let resynced = false;
    const uid = sessionStore.get()?._id ?? null;
    const before = this.delivered;
    const mine = new Set(topics);
    const handle = (type: string) => (e: MessageEvent<string>) => {
      const previousRun = this.lastEventId === undefined ? undefined : positionOf(this.lastEventId).run;
      if (e.lastEventId) {
        this.lastEventId = e.lastEventId;
        // This stream delivers every event of its topics from where it resumed: once past what earlier streams
        // delivered, what has been delivered is this stream's.
        const upTo = laterId(this.delivered?.upTo, e.lastEventId);
        if (upTo !== this.delivered?.upTo) this.delivered = { upTo, topics: mine, uid };
      }
      if (type === 'ready') {
        // Reload what is shown when changes may have been missed: the first stream only came up after failed tries
        // with nothing to resume from, or the stream is back from another server run (its events cannot be replayed;
        // the server says `resync` too when it got our last id, this also covers a reconnect that did not send it).
        const run = positionOf(e.lastEventId).run;
        const missedSome = previousRun === undefined ? this.failures > 0 : previousRun !== run;
        this.failures = 0;
        if (missedSome && !resynced) for (const l of this.listeners) l.onResync();
        return;
      }
      if (type === 'resync') {
        resynced = true;
        for (const l of this.listeners) l.onResync();
        return;
      }
      const { topic, data } = JSON.parse(e.data) as { topic: string; data: unknown };
      if (deliveredAlready(e.lastEventId, topic, before, uid)) return;
      for (const l of this.listeners)
        if (
          l.heard === topic ||
          (l.topic === 'cart' && topic.startsWith('cart:')) ||
          (l.topic === 'wishlist' && topic.startsWith('wishlist:'))
        )
          l.onEvent(type, data);
    };
    for (const type of ['ready', 'resync', ...Object.values(EVENT)]) source.addEventListener(type, handle(type));
    source.onerror = () => {
      // The browser's own retry resends the used ticket; reopen ourselves instead (a new ticket, the last id).
      if (generation !== this.generation) return;
      source.close();
      this.source = null;
      this.retry();
    };
  }

  private retry() {
    this.failures++;
    // Backing off, with jitter so that the pages of a restarted server do not all come back at once.
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** (this.failures - 1)) * (0.8 + Math.random() * 0.4);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.open(true), delay);
  }

  private productHandlers(handlers: LiveHandlers<LiveProduct>) {
    return (type: string, data: unknown) => {
      if (type === EVENT.product) handlers.onChange(data as LiveProduct);
      else if (type === EVENT.productRemoved) handlers.onRemoved?.((data as { _id: string })._id);
      else if (type === EVENT.catalogStale) handlers.onResync?.();
    };
  }

  watchProduct(id: string, handlers: LiveHandlers<LiveProduct>): Unsubscribe {
    const stopProduct = this.listen(`product:${id}`, `product:${id}`, this.productHandlers(handlers), () =>
      handlers.onResync?.(),
    );
    // Stock that comes back from expired holds is announced on the catalogue only.
    const stopStale = this.listen(
      'catalog',
      'catalog',
      (type) => type === EVENT.catalogStale && handlers.onResync?.(),
      () => undefined,
    );
    return () => {
      stopProduct();
      stopStale();
    };
  }

  watchCatalogPage(ids: readonly string[], handlers: LiveHandlers<LiveProduct>): Unsubscribe {
    const shown = new Set(ids);
    const forward = this.productHandlers(handlers);
    return this.listen(
      'catalog',
      'catalog',
      (type, data) => {
        if (type === EVENT.catalogStale || shown.has((data as { _id: string })._id)) forward(type, data);
      },
      () => handlers.onResync?.(),
    );
  }

  watchCart(_uid: string, handlers: LiveHandlers<CartLine[]>): Unsubscribe {
    return this.listen(
      'cart',
      'cart',
      (type, data) => type === EVENT.cart && handlers.onChange((data as { items: CartLine[] }).items),
      () => handlers.onResync?.(),
    );
  }

  watchWishlist(_uid: string, handlers: LiveHandlers<StoredWishlist>): Unsubscribe {
    return this.listen(
      'wishlist',
      'wishlist',
      (type, data) => type === EVENT.wishlist && handlers.onChange(data as StoredWishlist),
      () => handlers.onResync?.(),
    );
  }

  watchOrder(id: string, handlers: LiveHandlers<Order>): Unsubscribe {
    return this.listen(
      `order:${id}`,
      `order:${id}`,
      (type, data) => type === EVENT.order && handlers.onChange(data as Order),
      () => handlers.onResync?.(),
    );
  }

  watchAdminOrders(handlers: LiveHandlers<Order>): Unsubscribe {
    return this.listen(
      'admin',
      'admin',
      (type, data) => {
        if (type === EVENT.order) handlers.onChange(data as Order);
        else if (type === EVENT.catalogStale) handlers.onResync?.();
      },
      () => handlers.onResync?.(),
    );
  }

  watchSettings(handlers: LiveHandlers<ShopSettings>): Unsubscribe {
    return this.listen(
      'settings',
      'settings',
      (type, data) => type === EVENT.settings && handlers.onChange(data as ShopSettings),
      () => handlers.onResync?.(),
    );
  }

  watchDashboard(handlers: LiveHandlers<void>): Unsubscribe {
    return this.listen(
      'admin',
      'admin',
      () => handlers.onChange(),
      () => handlers.onResync?.(),
    );
  }
}
