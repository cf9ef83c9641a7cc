// The outbox worker's renderer on a worker thread (issue 42): React Email renders each message (tens of ms of CPU for
// an order's mail) on a thread of its own, so a sale's accepted orders do not wait behind their own mails on the
// event loop that answers requests. Same answer and errors as mail/render.ts's mailRenderer (it renders with the
// same renderMail); the outbox's guarantees are the worker's, unchanged: a render that fails (or a thread that
// dies) rejects, and the message is retried as for any failed attempt.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_TIME_ZONE } from '../domain/timeZones.js';
import type { MailRenderer } from './outboxWorker.js';
import type { MailRendererOptions } from './render.js';
import type { RenderAnswer, RenderRequest } from './renderWorker.js';

export interface ThreadMailRenderer {
  render: MailRenderer;
  /** Ends the thread (renders in flight are rejected); a later render starts a new one. */
  close(): Promise<void>;
}

/** Run from source (tests, `tsx`): the thread registers tsx's loader first, then loads the TypeScript file. */
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? './renderWorker.ts' : './renderWorker.js', import.meta.url);
const startThread = (): Worker => {
  if (!fromSource) return new Worker(workerFile);
  // tsx's ESM entry (`tsx/esm/api` as `import` resolves it; require.resolve would answer the CommonJS one).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const tsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url)); // functions/: JSX as React's
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(workerFile.href)}); });`;
  return new Worker(boot, { eval: true });
};

export function threadMailRenderer(origin: string, options: MailRendererOptions = {}): ThreadMailRenderer {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (mail: RenderAnswer) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const thread = (): Worker => {
    if (worker) return worker;
    const started = startThread();
    started.on('message', (answer: RenderAnswer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      waiting?.resolve(answer);
      if (pending.size === 0) started.unref(); // idle: never what keeps the process alive
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`The mail rendering thread stopped (exit code ${code})`));
    });
    worker = started;
    return started;
  };

  const render: MailRenderer = async (template, data) => {
    // A settings read that fails must not hold the message back: it goes out in UTC (as mailRenderer).
    const timeZone = options.timeZone ? await options.timeZone().catch(() => DEFAULT_TIME_ZONE) : DEFAULT_TIME_ZONE;
    const answer = await new Promise<RenderAnswer>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      const w = thread();
      w.ref();
      w.postMessage({ id, template, data, origin, timeZone } satisfies RenderRequest);
    });
    if ('error' in answer) throw new Error(answer.error);
    return answer.mail;
  };

  return {
    render,
    async close() {
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
}
