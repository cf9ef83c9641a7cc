// One Firestore listener per query, shared: a route loader's one-off read (`first`) and the live hook of the
// screen it feeds (`subscribe`) use the same onSnapshot, so a screen pays its reads once, not once per reader.
// A listener nobody uses any more stops after a short grace (a loader's read is followed by the screen's hook).

export type Unsubscribe = () => void;
export type StartListener<T> = (emit: (value: T) => void, fail: (error: Error) => void) => Unsubscribe;

interface Entry<T> {
  stop: Unsubscribe;
  has: boolean;
  value?: T;
  error?: Error;
  subscribers: Set<{ onValue: (value: T) => void; onError: (error: Error) => void }>;
  idleTimer?: ReturnType<typeof setTimeout>;
}

export class SharedListeners<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly graceMs = 30_000) {}

  /** Calls back with the current value (at once when known) and every change, until unsubscribed. */
  subscribe(
    key: string,
    start: StartListener<T>,
    onValue: (value: T) => void,
    onError: (error: Error) => void = () => undefined,
  ): Unsubscribe {
    const entry = this.entryFor(key, start);
    const subscriber = { onValue, onError };
    entry.subscribers.add(subscriber);
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = undefined;
    if (entry.error) onError(entry.error);
    else if (entry.has) onValue(entry.value as T);
    return () => {
      entry.subscribers.delete(subscriber);
      if (entry.subscribers.size === 0 && this.entries.get(key) === entry) {
        entry.idleTimer = setTimeout(() => this.drop(key, entry), this.graceMs);
      }
    };
  }

  /** The current value (the first snapshot's, when none is known yet); the listener stays for the grace. */
  first(key: string, start: StartListener<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let done = false;
      const handle: { stop?: Unsubscribe } = {}; // unset while subscribe answers synchronously
      const finish = () => {
        done = true;
        handle.stop?.();
      };
      handle.stop = this.subscribe(
        key,
        start,
        (value) => {
          if (done) return;
          finish();
          resolve(value);
        },
        (error) => {
          if (done) return;
          finish();
          reject(error);
        },
      );
      if (done) handle.stop();
    });
  }

  /** How many listeners run (tests). */
  get size() {
    return this.entries.size;
  }

  private entryFor(key: string, start: StartListener<T>): Entry<T> {
    const existing = this.entries.get(key);
    if (existing) return existing;
    const entry: Entry<T> = { stop: () => undefined, has: false, subscribers: new Set() };
    this.entries.set(key, entry);
    entry.stop = start(
      (value) => {
        entry.has = true;
        entry.value = value;
        entry.error = undefined;
        for (const s of [...entry.subscribers]) s.onValue(value);
      },
      (error) => {
        // A failed listener is over (Firestore ends it): the next reader starts a new one.
        entry.error = error;
        if (this.entries.get(key) === entry) this.entries.delete(key);
        for (const s of [...entry.subscribers]) s.onError(error);
      },
    );
    return entry;
  }

  private drop(key: string, entry: Entry<T>) {
    if (this.entries.get(key) !== entry || entry.subscribers.size > 0) return;
    this.entries.delete(key);
    entry.stop();
  }
}
