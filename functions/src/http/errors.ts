import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { STATUS_CODES } from 'node:http';
import { MulterError } from 'multer';
import { DomainError, IMAGE_TOO_BIG_MESSAGE } from '../domain/index.js';

const STATUS: Record<DomainError['kind'], number> = {
  bad_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
};

/**
 * Seconds a shopper waits before retrying a contended write. Firestore sustains about one write a second on one
 * document (every order of a product writes its document), so a second lets the writes ahead of it commit.
 */
export const CONTENTION_RETRY_AFTER_SECONDS = 1;
export const CONTENTION_MESSAGE = 'Many shoppers are buying the same items right now. Please try again in a moment.';

/**
 * A transaction Firestore gave up on because other writes kept touching the same documents, past the Admin SDK's
 * retries: gRPC ABORTED (code 10 from the Admin SDK; 'aborted' from the REST and web SDKs). Nothing of it was
 * written (a transaction commits whole or not at all), so the request may simply be sent again.
 */
function isContention(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 10 || code === 'aborted';
}

const notFoundMessage = (req: Request) => `Not found - ${req.originalUrl.split('?')[0]}`;

export const notFoundRoute: RequestHandler = (req, res) => {
  res.status(404).json({ message: notFoundMessage(req) });
};

/** The one place errors become answers: JSON `{ message, fields?, ...details }`, honest status, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  void _next;
  if (res.headersSent) {
    res.end();
    return;
  }
  if (err instanceof DomainError) {
    res.status(STATUS[err.kind]).json({
      message: err.message,
      ...err.details,
      ...(err.fields ? { fields: err.fields } : {}),
    });
    return;
  }
  if (isContention(err)) {
    // 503 + Retry-After rather than 409: the request was right and conflicts with nothing the shopper can change;
    // the same request a moment later succeeds. Logged: a steady rate of these means a hot document to shard.
    console.warn(`[api] ${req.method} ${req.originalUrl}: contended transaction given up (ABORTED)`);
    res.setHeader('Retry-After', String(CONTENTION_RETRY_AFTER_SECONDS));
    res.status(503).json({ message: CONTENTION_MESSAGE });
    return;
  }
  if (err instanceof MulterError) {
    const tooBig = err.code === 'LIMIT_FILE_SIZE';
    res.status(tooBig ? 413 : 400).json({
      message: tooBig ? IMAGE_TOO_BIG_MESSAGE : `Upload refused: send one image in the field 'image' (${err.code})`,
    });
    return;
  }
  // body-parser errors carry a `type` and a status (malformed JSON, too large, bad charset...)
  const e = err as { type?: string; status?: number; statusCode?: number };
  if (e.type === 'entity.parse.failed') {
    res.status(400).json({ message: 'Malformed JSON body' });
    return;
  }
  if (e.type === 'entity.too.large') {
    res.status(413).json({ message: 'Request body too large' });
    return;
  }
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Only body-parser's messages (they carry a `type`) are written for clients. Others are not echoed: the
    // static file servers' say `ENOENT: no such file or directory, stat '/srv/...'`, an absolute server path.
    let message = STATUS_CODES[status] ?? 'Bad request';
    if (status === 404) message = notFoundMessage(req);
    else if (typeof e.type === 'string' && err instanceof Error) message = err.message;
    res.status(status).json({ message });
    return;
  }
  console.error(`[api] ${req.method} ${req.originalUrl}`, err);
  res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
};
