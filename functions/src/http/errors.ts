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

const notFoundMessage = (req: Request) => `Not found - ${req.originalUrl.split('?')[0]}`;

export const notFoundRoute: RequestHandler = (req, res) => {
  res.status(404).json({ message: notFoundMessage(req) });
};

/** The one place errors become answers: JSON `{ message, fields? }`, honest status, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  void _next;
  if (res.headersSent) {
    res.end();
    return;
  }
  if (err instanceof DomainError) {
    res
      .status(STATUS[err.kind])
      .json(err.fields ? { message: err.message, fields: err.fields } : { message: err.message });
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
