// Reads a Server-Sent Events answer in tests: open a stream, wait for the event that matches, close.
export interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** The body when the stream was refused (JSON). */
  refusal?: any;
  events: SseEvent[];
  /** Resolves with the first event (already received or coming) that `match` accepts. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: SseEvent[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      refusal: text ? JSON.parse(text) : undefined,
      events,
      next: () => Promise.reject(new Error(`no stream: ${res.status} ${text}`)),
      ended: Promise.resolve(),
      close: () => undefined,
    };
  }
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const frame = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const e: SseEvent = { event: 'message', data: undefined };
          let data = '';
          for (const line of frame.split('\n')) {
            if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (!data && e.event === 'message') continue; // comments (heartbeats), retry
          e.data = data ? JSON.parse(data) : undefined;
          events.push(e);
          for (const w of [...waiters]) {
            if (!w.match(e)) continue;
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    ended,
    next(match, timeoutMs = 5000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching event in time')), timeoutMs);
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close: () => abort.abort(),
  };
}

/** Streams of one shop a suite opens, closed together (`closeAll` after each group of cases). */
export function streamOpener(shopUrl: () => string) {
  const opened: OpenStream[] = [];
  return {
    async stream(query: string, headers: Record<string, string> = {}) {
      const s = await openStream(`${shopUrl()}/api/live?${query}`, headers);
      opened.push(s);
      return s;
    },
    closeAll() {
      for (const s of opened.splice(0)) s.close();
    },
  };
}
