// The embedded server's live events: one in-process hub that numbers every published event, keeps the most recent
// ones (so a reconnecting stream resumes with Last-Event-ID), and writes each event's frame, built once when a stream
// first needs it, to the open Server-Sent Events streams of its topic. Cost per idle stream: one socket and one small
// record; ONE heartbeat timer serves every stream. Memory is bounded: what a stream has not sent yet is capped per
// stream, in time and server-wide; a stream over a bound is cut (its socket destroyed, so its unsent bytes are freed)
// and reconnects, resuming or resyncing. A replay too big for the per-stream cap is a `resync` instead.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { LiveEvents } from '../ports.js';

export interface LiveHubOptions {
  /** Open streams in all. */
  maxStreams?: number;
  /** Open streams per client address, and per account (a signed-in stream counts against both). */
  maxStreamsPerOwner?: number;
  /** Events kept for resuming. */
  bufferSize?: number;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** Bytes a stream may have waiting to be sent before it is cut as too slow; also the largest replay. */
  maxQueuedBytes?: number;
  /** Bytes all streams together may have waiting to be sent; past it the most behind are cut. */
  maxBufferedBytes?: number;
  /** How long a stream may keep unsent bytes waiting (checked at each heartbeat) before it is cut. */
  maxStalledMs?: number;
  /** How long a stream ticket may wait to be used. */
  ticketTtlMs?: number;
}

export const LIVE_DEFAULTS: Required<LiveHubOptions> = {
  maxStreams: 5000,
  maxStreamsPerOwner: 12,
  bufferSize: 2000,
  heartbeatMs: 15_000,
  maxQueuedBytes: 256 * 1024,
  maxBufferedBytes: 64 * 1024 * 1024,
  maxStalledMs: 60_000,
  ticketTtlMs: 30_000,
};

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
export const RECONNECT_MS = 1000;
const MAX_TICKETS = 10_000;
const KEEP_ALIVE = ': keep-alive\n\n';

/** A published event as kept for resuming streams. Its frame is built when a stream first needs it (now, or on a
 *  replay): most events have no stream listening (an order's own topic, the admin's), and an order's events used to
 *  be serialised four times whether anyone listened or not. */
interface BufferedEvent {
  seq: number;
  topic: string;
  type: string;
  data: unknown;
  frame?: string;
  bytes?: number;
}

export interface LiveStream {
  /** What the stream counts against: its client address (`ip:...`) and, with a ticket, its account (`user:...`). */
  owners: readonly string[];
  uid: string | null;
  topics: ReadonlySet<string>;
  res: ServerResponse;
  /** Cut by the server: hears nothing more, still counted until its socket has closed. */
  ending?: boolean;
  /** Since when it has had unsent bytes waiting (undefined: none seen waiting). */
  behindSince?: number;
}

export interface Ticket {
  uid: string;
  topics: string[];
  expiresAt: number;
}

export type OpenRefusal = { status: 429 | 503; message: string };

export class LiveHub implements LiveEvents {
  readonly options: Required<LiveHubOptions>;
  /** Changes at every start: an event id from another run cannot be resumed (the client is told to resync). */
  readonly runId = randomBytes(4).toString('hex');
  private seq = 0;
  private readonly buffer: (BufferedEvent | undefined)[];
  /** Set by close(): no stream opens after it. */
  private closed = false;
  private readonly streams = new Set<LiveStream>();
  private readonly byTopic = new Map<string, Set<LiveStream>>();
  private readonly byOwner = new Map<string, Set<LiveStream>>();
  private readonly tickets = new Map<string, Ticket>();
  /** Counts endSessions() calls; `sessionsEndedAt` has each account's latest (bounded: only in-flight requests
   *  need it). */
  private sessionsEnded = 0;
  private readonly sessionsEndedAt = new Map<string, number>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(options: LiveHubOptions = {}) {
    this.options = { ...LIVE_DEFAULTS, ...options };
    this.buffer = new Array(this.options.bufferSize);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * Bytes written to the open streams that their sockets have not sent yet (this process's memory, not the
   * kernel's). A cut stream's are not counted: destroying its socket discarded them. O(streams), so counted only
   * when some stream has fallen behind (send) or a replay is asked for (open).
   */
  bufferedBytes(): number {
    let total = 0;
    for (const stream of this.streams) if (!stream.ending) total += stream.res.writableLength;
    return total;
  }

  private eventId(seq: number): string {
    return `${this.runId}.${seq}`;
  }

  /** The newest event's id: where a stream resumed from it starts. Taken before a read, it is the read's position
   *  (events are published after their commit): a stream opened with it replays every change the read may lack. */
  newestId(): string {
    return this.eventId(this.seq);
  }

  /** `data` is kept as given until its frame is built: publishers hand over a value they no longer change. */
  publish(topic: string, type: string, data: unknown): void {
    const seq = ++this.seq;
    const event: BufferedEvent = { seq, topic, type, data };
    this.buffer[seq % this.buffer.length] = event;
    const listeners = this.byTopic.get(topic);
    if (listeners) {
      const { frame, bytes } = this.framed(event);
      this.send(listeners, frame, bytes);
    }
  }

  /** The event's frame and its size in bytes, built once. */
  private framed(event: BufferedEvent): { frame: string; bytes: number } {
    if (event.frame === undefined) {
      const { seq, topic, type, data } = event;
      event.frame = `id: ${this.eventId(seq)}\nevent: ${type}\ndata: ${JSON.stringify({ topic, data })}\n\n`;
      event.bytes = Buffer.byteLength(event.frame);
      event.data = undefined; // the frame says it all now
    }
    return { frame: event.frame, bytes: event.bytes! };
  }

  /** Taken before a ticket request's session is checked, and handed to issueTicket(). */
  sessionsEpoch(): number {
    return this.sessionsEnded;
  }

  /**
   * A single-use ticket for these (already authorized) topics, for the account; null when the account's sessions
   * were ended after `checkedAt` (sessionsEpoch() before its token was verified): the request raced a revocation or
   * a deletion, and a ticket issued now would outlive the tickets that endSessions() voided.
   */
  issueTicket(uid: string, topics: string[], checkedAt = this.sessionsEnded): string | null {
    if ((this.sessionsEndedAt.get(uid) ?? -1) > checkedAt) return null;
    const now = Date.now();
    if (this.tickets.size >= MAX_TICKETS)
      for (const [id, t] of this.tickets) if (t.expiresAt <= now) this.tickets.delete(id);
    if (this.tickets.size >= MAX_TICKETS) this.tickets.delete(this.tickets.keys().next().value as string);
    const id = randomBytes(24).toString('base64url');
    this.tickets.set(id, { uid, topics, expiresAt: now + this.options.ticketTtlMs });
    return id;
  }

  /** The ticket's grant, once: a used or expired ticket answers null. */
  redeemTicket(id: string): Ticket | null {
    const ticket = this.tickets.get(id);
    this.tickets.delete(id);
    return ticket && ticket.expiresAt > Date.now() ? ticket : null;
  }

  /** Refuses when a cap is reached (in all, or for any of the stream's owners); checked before the headers go out. */
  refusal(owners: readonly string[]): OpenRefusal | null {
    // Shutting down: a page reconnecting over a kept-alive socket would otherwise hold server.close() open forever.
    if (this.closed) return { status: 503, message: 'The shop is restarting; live updates resume shortly' };
    if (this.streams.size >= this.options.maxStreams)
      return { status: 429, message: 'Too many live connections to the shop right now; try again shortly' };
    if (owners.some((owner) => (this.byOwner.get(owner)?.size ?? 0) >= this.options.maxStreamsPerOwner))
      return { status: 429, message: 'Too many live connections open for you; close another tab and try again' };
    return null;
  }

  /**
   * Starts the event stream on `res` (caps already checked with refusal()). Then either replays what the stream
   * missed since `lastEventId` (same run, still buffered, within the per-stream byte cap and the server-wide
   * bound) or, when it cannot, sends `resync` (the client reloads what it shows). Every stream starts with `ready`,
   * whose id is the newest event's.
   */
  open(res: ServerResponse, stream: Omit<LiveStream, 'res'>, lastEventId: string | undefined): LiveStream {
    const live: LiveStream = { ...stream, res };
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no', // nginx: pass events on at once
    });
    res.socket?.setNoDelay(true);
    let replay: string[] = [];
    let resync = false;
    if (lastEventId) {
      const missed = this.since(lastEventId);
      let bytes = 0;
      if (missed === null) resync = true;
      else
        for (const e of missed) {
          if (!live.topics.has(e.topic)) continue;
          const { frame, bytes: size } = this.framed(e);
          bytes += size;
          if (bytes > this.options.maxQueuedBytes) break;
          replay.push(frame);
        }
      // Reloading is cheap for the client; holding megabytes for a client that may never read them is not.
      const tooBig =
        bytes > this.options.maxQueuedBytes ||
        (bytes > 0 && this.bufferedBytes() + bytes > this.options.maxBufferedBytes);
      if (tooBig) {
        resync = true;
        replay = [];
      }
    }
    const head = `retry: ${RECONNECT_MS}\n${resync ? `event: resync\ndata: {}\n\n` : ''}`;
    writeNow(res, `${head}${replay.join('')}id: ${this.newestId()}\nevent: ready\ndata: {}\n\n`);

    this.streams.add(live);
    for (const t of live.topics) add(this.byTopic, t, live);
    for (const owner of live.owners) add(this.byOwner, owner, live);
    res.on('close', () => this.remove(live));
    this.startHeartbeat();
    return live;
  }

  /** The buffered events after `lastEventId`, or null when some of them are gone (or the id is from another run). */
  private since(lastEventId: string): BufferedEvent[] | null {
    const [run, seqText] = lastEventId.split('.');
    const last = Number(seqText);
    if (run !== this.runId || !Number.isInteger(last) || last < 0 || last > this.seq) return null;
    const oldest = Math.max(1, this.seq - this.buffer.length + 1);
    if (last + 1 < oldest) return null;
    const out: BufferedEvent[] = [];
    for (let s = last + 1; s <= this.seq; s++) {
      const e = this.buffer[s % this.buffer.length];
      if (e?.seq !== s) return null;
      out.push(e);
    }
    return out;
  }

  /**
   * Writes one frame to each stream. A stream already behind that this frame would take past the per-stream cap
   * is cut (a stream with nothing waiting always gets the frame, however big: it is keeping up). When a write
   * leaves bytes waiting and all streams' waiting bytes pass the server-wide bound, the most behind are cut.
   */
  private send(streams: Iterable<LiveStream>, frame: string, bytes: number) {
    let unsent: number | undefined; // every stream's, counted once some stream is behind, then kept up to date
    for (const stream of streams) {
      if (stream.ending) continue;
      const before = stream.res.writableLength;
      if (before > 0 && before + bytes > this.options.maxQueuedBytes) {
        this.end(stream);
        if (unsent !== undefined) unsent -= before;
        continue;
      }
      writeNow(stream.res, frame);
      const after = stream.res.writableLength;
      if (after === 0) {
        stream.behindSince = undefined;
        continue;
      }
      stream.behindSince ??= Date.now();
      unsent = unsent === undefined ? this.bufferedBytes() : unsent + after - before;
      if (unsent > this.options.maxBufferedBytes) unsent -= this.shed(unsent - this.options.maxBufferedBytes);
    }
  }

  /** Cuts the streams with the most unsent bytes until `excess` bytes are freed; answers the bytes freed. */
  private shed(excess: number): number {
    const behind = [...this.streams].filter((s) => !s.ending && s.res.writableLength > 0);
    behind.sort((a, b) => b.res.writableLength - a.res.writableLength);
    let freed = 0;
    for (const stream of behind) {
      if (freed >= excess) break;
      freed += stream.res.writableLength;
      this.end(stream);
    }
    return freed;
  }

  /**
   * Cuts the stream: it hears nothing more and its socket is destroyed, which frees what it had not sent (an
   * end() would keep the socket, and its unsent bytes, for as long as the client does not read). The browser
   * reconnects and resumes or resyncs. It still counts against the caps until its socket has closed.
   */
  private end(stream: LiveStream) {
    if (stream.ending) return;
    stream.ending = true;
    for (const t of stream.topics) drop(this.byTopic, t, stream);
    stream.res.destroy();
  }

  private remove(stream: LiveStream) {
    if (!this.streams.delete(stream)) return;
    for (const t of stream.topics) drop(this.byTopic, t, stream);
    for (const owner of stream.owners) drop(this.byOwner, owner, stream);
    if (this.streams.size === 0) this.stopHeartbeat();
  }

  endSessions(uid: string): void {
    this.sessionsEndedAt.delete(uid); // re-added last, so the oldest is the first to go
    this.sessionsEndedAt.set(uid, ++this.sessionsEnded);
    if (this.sessionsEndedAt.size > MAX_TICKETS) this.sessionsEndedAt.delete(this.sessionsEndedAt.keys().next().value!);
    for (const stream of [...this.streams]) if (stream.uid === uid) this.end(stream);
    for (const [id, t] of this.tickets) if (t.uid === uid) this.tickets.delete(id);
  }

  close(): void {
    this.closed = true;
    for (const stream of [...this.streams]) this.end(stream);
    this.tickets.clear();
    this.stopHeartbeat();
  }

  private startHeartbeat() {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      const now = Date.now();
      for (const stream of this.streams) {
        if (stream.ending) continue;
        if (stream.res.writableLength === 0) stream.behindSince = undefined;
        else if (now - (stream.behindSince ??= now) >= this.options.maxStalledMs) this.end(stream); // not reading
      }
      this.send(this.streams, KEEP_ALIVE, KEEP_ALIVE.length);
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat() {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

/**
 * Writes and sends at once. Node's http corks the socket on each write until the next tick, so right after a write
 * writableLength would count the frame as waiting even for a client that reads at once (and the server-wide bound
 * would cut readers for it); uncorking sends it now, and writableLength is then what the client has not taken.
 */
function writeNow(res: ServerResponse, chunk: string) {
  res.write(chunk);
  if (res.socket?.writableCorked) res.socket.uncork();
}

function add<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function drop<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
