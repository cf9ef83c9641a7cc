// The outbox worker: sends the recorded messages (adapters/embedded/mailOutbox.ts) through the Mailer port.
//
// - At least once: a message is marked sent only after the Mailer accepted it; a crash before that leaves it
//   pending, and the next worker (after a restart) sends it. Marked sent, it is never sent again.
// - Retries with exponential backoff (baseDelayMs * 2^(attempt-1), capped at maxDelayMs), up to maxAttempts, then
//   'failed' (kept, with its last error).
// - One attempt at a time per message: an attempt first claims the message with a lease (leaseMs); a worker that
//   dies mid-send leaves the message to be retried when the lease ends.
// - The one window left: the mail server accepted the message and the process died before marking it sent. Then
//   it is sent again, with the same Message-ID (mail/smtp.ts), which the development outbox and most mail systems
//   take as the same message.
import type { Clock, Mailer, MailMessage, OutboxEntry, OutboxStore } from '../ports.js';

export type { OutboxEntry, OutboxStore } from '../ports.js';

/** Turns a recorded message into the email (mail/render.ts). */
export type MailRenderer = (template: string, data: Record<string, unknown>) => Promise<Omit<MailMessage, 'to'>>;

export interface OutboxWorkerOptions {
  pollMs?: number;
  batchSize?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  leaseMs?: number;
}

export const OUTBOX_DEFAULTS = {
  pollMs: 5_000,
  batchSize: 20,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 12,
  leaseMs: 2 * 60_000,
} satisfies Required<OutboxWorkerOptions>;

/** The wait before retry number `attempt + 1`, after `attempt` failed attempts (1-based). */
export function backoffMs(attempt: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempt - 1));
}

export class OutboxWorker {
  private readonly options: Required<OutboxWorkerOptions>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly store: OutboxStore,
    private readonly mailer: Mailer,
    private readonly render: MailRenderer,
    private readonly clock: Clock,
    options: OutboxWorkerOptions = {},
  ) {
    this.options = { ...OUTBOX_DEFAULTS, ...options };
  }

  /** Polls for due messages until stop(). */
  start(): this {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
    return this;
  }

  /** Runs a pass now (or right after the running one): called when a message was recorded. */
  wake(): void {
    if (this.stopped) return;
    void this.runOnce().catch((error) => console.error('[mail outbox]', error));
  }

  /** One pass over what is due; answers how many were sent. Passes never overlap. */
  runOnce(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const pass = this.pass().finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        this.wake();
      }
    });
    this.running = pass;
    return pass;
  }

  private async pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = this.clock.now();
      const batch = await this.store.due(now, this.options.batchSize);
      for (const entry of batch) {
        if (this.stopped) return sent;
        if (await this.attempt(entry)) sent++;
      }
      if (batch.length < this.options.batchSize) return sent;
    }
  }

  private async attempt(entry: OutboxEntry): Promise<boolean> {
    const started = this.clock.now();
    if (!(await this.store.claim(entry, new Date(started.getTime() + this.options.leaseMs)))) return false;
    const attempt = entry.attempts + 1;
    try {
      const rendered = await this.render(entry.template, entry.data);
      await this.mailer.send(entry.id, { to: entry.to, ...rendered });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry =
        attempt < this.options.maxAttempts
          ? new Date(this.clock.now().getTime() + backoffMs(attempt, this.options.baseDelayMs, this.options.maxDelayMs))
          : null;
      await this.store.markFailed(entry.id, message.slice(0, 500), retry);
      return false;
    }
    await this.store.markSent(entry.id, this.clock.now());
    return true;
  }

  /** Stops polling and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }
}
