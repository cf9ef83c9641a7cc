// The transactional mail outbox: recorded with the change, sent by the worker through a REAL SMTP server, retried
// with backoff when refused, never lost by a crash and never sent twice after a restart.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { recordMail, SqlMailOutbox } from '../src/adapters/embedded/mailOutbox.js';
import { backoffMs, OutboxWorker, type MailRenderer } from '../src/mail/outboxWorker.js';
import { SmtpMailer } from '../src/mail/smtp.js';
import { MovableClock } from './support/clock.js';
import { startTestSmtp, type TestSmtp } from './support/smtp.js';

const render: MailRenderer = async (template, data) => ({
  subject: `${template} #${String(data.n)}`,
  text: `Text ${String(data.n)}`,
  html: `<p>Html ${String(data.n)}</p>`,
});

const OPTIONS = { baseDelayMs: 1_000, maxDelayMs: 60_000, maxAttempts: 4, leaseMs: 30_000 };

describe('mail outbox', () => {
  let dir: string;
  let db: Database;
  let smtp: TestSmtp;
  let mailer: SmtpMailer;
  const clock = new MovableClock();

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voltshop-outbox-'));
    db = await Database.open(dir);
    smtp = await startTestSmtp();
    mailer = new SmtpMailer({ url: smtp.url, from: 'Voltshop <shop@voltshop.test>', timeoutMs: 5_000 });
  });
  afterEach(async () => {
    mailer.close();
    db.close();
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  });

  const worker = (database = db) =>
    new OutboxWorker(new SqlMailOutbox(database, clock), mailer, render, clock, OPTIONS);
  const subjects = () => smtp.received.map((m) => m.subject).sort();

  it('sends each recorded message once through SMTP, HTML and text, with the outbox id as Message-ID', async () => {
    const outbox = new SqlMailOutbox(db, clock);
    await outbox.enqueue({ key: 'welcome:1', to: 'ann@example.com', template: 'welcome', data: { n: 1 } });
    await outbox.enqueue({ key: 'welcome:1', to: 'ann@example.com', template: 'welcome', data: { n: 1 } }); // same key
    await outbox.enqueue({ key: 'welcome:2', to: 'bob@example.com', template: 'welcome', data: { n: 2 } });
    const w = worker();
    expect(await w.runOnce()).toBe(2);
    expect(await w.runOnce()).toBe(0);
    expect(subjects()).toEqual(['welcome #1', 'welcome #2']);
    const ann = smtp.received.find((m) => m.subject === 'welcome #1')!;
    expect(ann.text?.trim()).toBe('Text 1');
    expect(ann.html).toContain('<p>Html 1</p>');
    expect(ann.from?.value[0]).toMatchObject({ name: 'Voltshop', address: 'shop@voltshop.test' });
    expect((ann.to as { text: string }).text).toBe('ann@example.com');
    expect(ann.messageId).toMatch(/^<[^@]+@voltshop\.test>$/);
    expect(await outbox.counts()).toEqual({ pending: 0, sent: 2, failed: 0 });
    // Once sent, the message's data (a reset link, say) is not kept.
    const rs = await db.client.execute('SELECT data_json FROM mail_outbox');
    expect(rs.rows.every((r) => r.data_json === null)).toBe(true);
  });

  it('records nothing for a change that rolled back', async () => {
    await expect(
      db.write(async (tx) => {
        await recordMail(tx, { key: 'k', to: 'a@example.com', template: 'welcome', data: { n: 1 } }, clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await new SqlMailOutbox(db, clock).counts()).toEqual({ pending: 0, sent: 0, failed: 0 });
  });

  it('retries a refusing server with exponential backoff and delivers exactly once', async () => {
    smtp.refuseNext(2);
    const outbox = new SqlMailOutbox(db, clock);
    await outbox.enqueue({ key: 'reset:1', to: 'ann@example.com', template: 'reset', data: { n: 1 } });
    const w = worker();
    expect(await w.runOnce()).toBe(0); // refused (1st)
    expect(await w.runOnce()).toBe(0); // not due yet: no attempt
    expect(smtp.refused).toBe(1);
    clock.advance(backoffMs(1, 1_000, 60_000)); // 1 s
    expect(await w.runOnce()).toBe(0); // refused (2nd)
    expect(smtp.refused).toBe(2);
    clock.advance(1_000);
    expect(await w.runOnce()).toBe(0); // the next wait is 2 s, not 1 s
    clock.advance(1_000);
    expect(await w.runOnce()).toBe(1);
    expect(subjects()).toEqual(['reset #1']);
    clock.advance(60_000);
    expect(await w.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    const rs = await db.client.execute('SELECT attempts, status FROM mail_outbox');
    expect(rs.rows[0]).toMatchObject({ attempts: 3, status: 'sent' });
  });

  it('gives up after the last attempt and keeps the message as failed, with its error', async () => {
    smtp.refuseNext(10);
    const outbox = new SqlMailOutbox(db, clock);
    await outbox.enqueue({ key: 'x', to: 'ann@example.com', template: 'welcome', data: { n: 1 } });
    const w = worker();
    for (let i = 0; i < 6; i++) {
      await w.runOnce();
      clock.advance(60_000);
    }
    expect(smtp.refused).toBe(OPTIONS.maxAttempts);
    expect(await outbox.counts()).toEqual({ pending: 0, sent: 0, failed: 1 });
    const rs = await db.client.execute('SELECT last_error FROM mail_outbox');
    expect(String(rs.rows[0].last_error)).toMatch(/451|Try again later/);
  });

  it('answers the messages the mail server refused, retried or given up, the latest first; none once sent', async () => {
    const outbox = new SqlMailOutbox(db, clock);
    const start = clock.now();
    expect(await outbox.failing(start, 10)).toEqual([]);
    smtp.refuseNext(1);
    await outbox.enqueue({ key: 'a', to: 'ann@example.com', template: 'welcome', data: { n: 1 } });
    const w = worker();
    await w.runOnce(); // refused once: retried in 1 s
    const [retried] = await outbox.failing(start, 10);
    expect(retried).toMatchObject({ to: 'ann@example.com', template: 'welcome', attempts: 1, givenUp: false });
    expect(retried!.lastError).toMatch(/451|Try again later/);
    clock.advance(1_000);
    await w.runOnce(); // sent: no longer failing
    expect(await outbox.failing(start, 10)).toEqual([]);

    smtp.refuseNext(10);
    await outbox.enqueue({ key: 'b', to: 'bob@example.com', template: 'welcome', data: { n: 2 } });
    for (let i = 0; i < OPTIONS.maxAttempts; i++) {
      await w.runOnce();
      clock.advance(60_000);
    }
    await outbox.enqueue({ key: 'c', to: 'cy@example.com', template: 'welcome', data: { n: 3 } });
    await w.runOnce(); // refused once, retried later than b's last lease ended
    const failing = await outbox.failing(start, 10);
    expect(failing.map((m) => [m.to, m.givenUp])).toEqual([
      ['cy@example.com', false],
      ['bob@example.com', true],
    ]);
    expect(await outbox.failing(start, 1)).toHaveLength(1);
    expect(await outbox.failing(new Date(clock.now().getTime() + 24 * 3_600_000), 10)).toEqual([]); // none that late
  });

  it('sends the given-up messages of the window again on request, from a fresh count, not the listed templates', async () => {
    const outbox = new SqlMailOutbox(db, clock);
    let woken = 0;
    outbox.onRecorded = () => void woken++;
    const start = clock.now();
    smtp.refuseNext(3 * OPTIONS.maxAttempts);
    await outbox.enqueue({ key: 'old', to: 'old@example.com', template: 'order-placed', data: { n: 0 } });
    const w = worker();
    for (let i = 0; i < OPTIONS.maxAttempts; i++) {
      await w.runOnce();
      clock.advance(60_000);
    }
    clock.advance(2 * 24 * 3_600_000); // "old" was given up two days before the window below starts
    const since = clock.now();
    await outbox.enqueue({ key: 'order', to: 'ann@example.com', template: 'order-placed', data: { n: 1 } });
    await outbox.enqueue({ key: 'reset', to: 'bob@example.com', template: 'password-reset', data: { n: 2 } });
    for (let i = 0; i < OPTIONS.maxAttempts; i++) {
      await w.runOnce();
      clock.advance(60_000);
    }
    smtp.refuseNext(1);
    await outbox.enqueue({ key: 'retried', to: 'cy@example.com', template: 'order-shipped', data: { n: 3 } });
    await w.runOnce(); // refused once: still being retried, not given up
    expect(await outbox.counts()).toEqual({ pending: 1, sent: 0, failed: 3 });
    expect(smtp.refused).toBe(3 * OPTIONS.maxAttempts + 1);

    woken = 0;
    expect(await outbox.resendGivenUp(since, clock.now(), ['password-reset'])).toBe(1);
    expect(woken).toBe(1); // the worker is told at once
    expect(await outbox.counts()).toEqual({ pending: 2, sent: 0, failed: 2 });
    expect(await w.runOnce()).toBe(1); // due now: the order mail; the retried one waits for its backoff
    expect(subjects()).toEqual(['order-placed #1']);
    const rs = await db.client.execute("SELECT attempts, status FROM mail_outbox WHERE idempotency_key = 'order'");
    expect(rs.rows[0]).toMatchObject({ attempts: 1, status: 'sent' }); // a fresh count: one attempt this time
    // Sent, or never given up, or outside the window, or listed: nothing more to send again.
    expect(await outbox.resendGivenUp(since, clock.now(), ['password-reset'])).toBe(0);
    expect(woken).toBe(1);
    expect(await outbox.resendGivenUp(start, clock.now(), ['password-reset'])).toBe(1); // the old one, once asked
  });

  it('loses nothing in a crash between record and send, and sends nothing twice after a restart', async () => {
    const outbox = new SqlMailOutbox(db, clock);
    await outbox.enqueue({ key: 'a', to: 'ann@example.com', template: 'welcome', data: { n: 1 } });
    await outbox.enqueue({ key: 'b', to: 'ann@example.com', template: 'welcome', data: { n: 2 } });
    // The process "dies" before any send: the database is closed and opened again by a new worker.
    db.close();
    db = await Database.open(dir);
    expect(await worker().runOnce()).toBe(2);
    // Restarted again: what was sent stays sent.
    db.close();
    db = await Database.open(dir);
    const again = worker();
    expect(await again.runOnce()).toBe(0);
    clock.advance(24 * 60 * 60_000);
    expect(await again.runOnce()).toBe(0);
    expect(subjects()).toEqual(['welcome #1', 'welcome #2']);
  });

  it('retries, after its lease, a message whose worker died mid-attempt; a live lease keeps others off', async () => {
    smtp.refuseNext(1);
    const outbox = new SqlMailOutbox(db, clock);
    await outbox.enqueue({ key: 'a', to: 'ann@example.com', template: 'welcome', data: { n: 1 } });
    const [entry] = await outbox.due(clock.now(), 10);
    expect(await outbox.claim(entry, new Date(clock.now().getTime() + OPTIONS.leaseMs))).toBe(true); // then "dies"
    expect(await outbox.claim(entry, new Date(clock.now().getTime() + OPTIONS.leaseMs))).toBe(false);
    const w = worker();
    expect(await w.runOnce()).toBe(0); // leased
    expect(smtp.refused + smtp.received.length).toBe(0);
    clock.advance(OPTIONS.leaseMs);
    await w.runOnce(); // refused once more, then retried after the backoff
    clock.advance(OPTIONS.baseDelayMs * 2);
    expect(await w.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it('a refused message survives a restart: the next worker retries it after the backoff, and it arrives once', async () => {
    smtp.refuseNext(1);
    const outbox = new SqlMailOutbox(db, clock);
    await outbox.enqueue({ key: 'r', to: 'ann@example.com', template: 'welcome', data: { n: 7 } });
    expect(await worker().runOnce()).toBe(0); // refused; then the process stops
    db.close();
    db = await Database.open(dir);
    const next = worker();
    expect(await next.runOnce()).toBe(0); // still backing off
    clock.advance(OPTIONS.baseDelayMs);
    expect(await next.runOnce()).toBe(1);
    db.close();
    db = await Database.open(dir);
    clock.advance(60 * 60_000);
    expect(await worker().runOnce()).toBe(0);
    expect(subjects()).toEqual(['welcome #7']);
    expect(smtp.refused).toBe(1);
  });

  it('backs off exponentially, capped', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffMs(n, 30_000, 3_600_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000,
    ]);
  });
});
