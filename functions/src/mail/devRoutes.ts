// The development mailbox: what the shop "sent" while no SMTP server is configured (adapters/embedded/devMailbox.ts).
// Mounted only outside production (app.ts): there these paths are the API's and the site's 404.
//   GET /api/dev/mail            JSON, newest first: [{ id, to, subject, text, html, createdAt }]
//   GET /dev/mailbox             the list (server-rendered, no build needed), newest first
//   GET /dev/mailbox/:id         one message: headers, the HTML rendered in a frame, the plain text
//   GET /dev/mailbox/:id/html    the message's HTML alone (the frame's source)
// The mailbox holds every reset and verification link, and the server listens on all interfaces by default: it
// answers only clients on this machine (the connection's own address: X-Forwarded-For is the caller's to write),
// unless DEV_MAILBOX_OPEN=true (a development container reached from its host). Anyone else gets the usual 404.
import { Router, type Request, type RequestHandler } from 'express';
import { isIP } from 'node:net';
import { notFoundRoute } from '../http/errors.js';
import type { DevMail, DevMailboxReader } from '../ports.js';
import { endpoints } from '../api/endpoints.js';
import { endpointRouter, handle } from '../http/endpoint.js';

export const DEV_MAILBOX_LIMIT = 200;

/** Whether a socket's remote address is this machine: 127.0.0.0/8, ::1, or an IPv4 loopback mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/** Whether the mailbox answers this request's client: this machine's (the socket's address, never a header), or
 *  every client when `open`. GET /api/config says the same to the admin (features/config/routes.ts). */
export const mailboxAnswers = (open: boolean, req: Pick<Request, 'socket'>) =>
  open || isLoopbackAddress(req.socket.remoteAddress);

/** Passes loopback clients (or everyone when `open`); the others get the 404 of a path that does not exist. */
export function mailboxClients(open: boolean): RequestHandler {
  return (req, res, next) => {
    if (mailboxAnswers(open, req)) return next();
    notFoundRoute(req, res, next);
  };
}

export function devMailApi(mailbox: DevMailboxReader, options: { open?: boolean } = {}): Router {
  const router = endpointRouter('/api/dev');
  router.use(mailboxClients(options.open ?? false));
  handle(router, endpoints.devMail, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await mailbox.list(DEV_MAILBOX_LIMIT));
  });
  return router;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const when = (iso: string) => iso.replace('T', ' ').slice(0, 19) + ' UTC';

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c2430;background:#f3f5f8}
  header{background:#16202e;color:#fff;padding:.75rem 1rem;display:flex;gap:.75rem;align-items:baseline;flex-wrap:wrap}
  header h1{font-size:1.1rem;margin:0}
  header span{color:#b8c4d4;font-size:.85rem}
  header a{color:#ffd24d}
  main{max-width:60rem;margin:0 auto;padding:1rem}
  ul{list-style:none;margin:0;padding:0;background:#fff;border:1px solid #dde3ea;border-radius:8px;overflow:hidden}
  li+li{border-top:1px solid #dde3ea}
  li a{display:block;padding:.75rem 1rem;color:inherit;text-decoration:none}
  li a:hover,li a:focus{background:#eef3fb}
  .subject{font-weight:600;display:block;overflow-wrap:anywhere}
  .meta{color:#5b6777;font-size:.85rem;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
  .empty{background:#fff;border:1px dashed #b8c4d4;border-radius:8px;padding:2rem 1rem;text-align:center;color:#5b6777}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0 0 1rem;background:#fff;padding:.75rem 1rem;border:1px solid #dde3ea;border-radius:8px}
  dt{color:#5b6777}dd{margin:0;overflow-wrap:anywhere}
  iframe{width:100%;height:70vh;min-height:28rem;border:1px solid #dde3ea;border-radius:8px;background:#fff}
  details{margin-top:1rem}
  pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #dde3ea;border-radius:8px;padding:1rem;font-size:.9rem}
  h2{font-size:1.25rem;margin:0 0 .75rem;overflow-wrap:anywhere}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escape(title)}</title><style>${STYLE}</style></head>
<body><header><h1>Development mailbox</h1><span>Mail the shop sent while no SMTP server is set (SMTP_URL). Not in production.</span></header>
<main>${body}</main></body></html>`;
}

function listPage(mails: DevMail[]): string {
  if (mails.length === 0) return page('Mailbox', '<p class="empty">No mail yet.</p>');
  const items = mails
    .map(
      (m) =>
        `<li><a href="/dev/mailbox/${encodeURIComponent(m.id)}"><span class="subject">${escape(m.subject)}</span>` +
        `<span class="meta"><span>To: ${escape(m.to)}</span><time datetime="${escape(m.createdAt)}">${when(m.createdAt)}</time></span></a></li>`,
    )
    .join('');
  return page(
    'Mailbox',
    `<p class="meta">${mails.length} message${mails.length === 1 ? '' : 's'}, newest first</p><ul>${items}</ul>`,
  );
}

function messagePage(m: DevMail): string {
  const id = encodeURIComponent(m.id);
  return page(
    m.subject,
    `<p><a href="/dev/mailbox">← All mail</a></p><h2>${escape(m.subject)}</h2>
<dl><dt>To</dt><dd>${escape(m.to)}</dd><dt>Sent</dt><dd>${when(m.createdAt)}</dd><dt>Id</dt><dd>${escape(m.id)}</dd></dl>
<iframe title="The message as HTML" src="/dev/mailbox/${id}/html" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"></iframe>
<details><summary>Plain text</summary><pre>${escape(m.text)}</pre></details>`,
  );
}

export function devMailboxPages(mailbox: DevMailboxReader, options: { open?: boolean } = {}): Router {
  const router = Router();
  router.use(mailboxClients(options.open ?? false));
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.get('/', async (_req, res) => {
    res.type('html').send(listPage(await mailbox.list(DEV_MAILBOX_LIMIT)));
  });
  router.get('/:id', async (req, res, next) => {
    const mail = await mailbox.get(req.params.id);
    if (!mail) return next();
    res.type('html').send(messagePage(mail));
  });
  router.get('/:id/html', async (req, res, next) => {
    const mail = await mailbox.get(req.params.id);
    if (!mail) return next();
    res.type('html').send(mail.html);
  });
  return router;
}
