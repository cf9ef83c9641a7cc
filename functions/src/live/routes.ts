// GET /api/live: ONE multiplexed Server-Sent Events stream per page. Public topics (catalog, settings, product:<id>) are named
// in ?topics=; private ones (the caller's cart, an order, the admin views) come only with ?ticket=, a single-use,
// 30-second ticket from POST /api/live/tickets, which authorizes with the bearer token exactly as the REST routes
// do. So no long-lived credential ever sits in a URL, and EventSource (which cannot send headers) works as is.
// The stream ends when the account's sessions are revoked (liveUpdates.ts); the browser then needs a new ticket.
import { type RequestHandler } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { badInput, canRead, forbidden, notFound, ORDER_MESSAGES, unauthenticated } from '../domain/index.js';
import { callerOf, requireUser } from '../http/auth.js';
import { parse } from '../http/validate.js';
import type { Ports } from '../ports.js';
import type { LiveHub } from './hub.js';
import { MAX_TOPICS, PUBLIC_TOPIC, ticketRequestSchema, topic } from './topics.js';
import { endpoints } from '../api/endpoints.js';
import { endpointRouter, handle } from '../http/endpoint.js';

export function liveRoutes({ store, auth }: Ports, hub: LiveHub) {
  const router = endpointRouter('/api/live');

  // The epoch is taken before the token is verified: sessions ended after that (a deletion, a demotion) refuse
  // the ticket even if the verification read the account just before.
  const noteSessionsEpoch: RequestHandler = (_req, res, next) => {
    res.locals.sessionsEpoch = hub.sessionsEpoch();
    next();
  };

  handle(router, endpoints.liveTicket, noteSessionsEpoch, requireUser(auth), async (req, res) => {
    const caller = callerOf(req);
    const { topics } = parse(ticketRequestSchema, req.body);
    const granted = new Set<string>();
    for (const wanted of topics) {
      if (wanted === 'cart') granted.add(topic.cart(caller.uid));
      else if (wanted === 'wishlist') granted.add(topic.wishlist(caller.uid));
      else if (wanted === 'admin') {
        if (!caller.isAdmin) throw forbidden('Not authorized as an admin');
        granted.add(topic.admin);
      } else if (wanted.startsWith('order:')) {
        const order = await store.orders.get(wanted.slice('order:'.length));
        if (!order) throw notFound(ORDER_MESSAGES.notFound);
        if (!canRead(order, caller)) throw forbidden('Not authorized to view this order');
        granted.add(wanted);
      } else granted.add(wanted); // public
    }
    const ticket = hub.issueTicket(caller.uid, [...granted], res.locals.sessionsEpoch as number);
    if (!ticket) throw unauthenticated('Not authorized, this session was ended. Please sign in again.');
    res.status(201).json({ ticket, topics: [...granted], expiresInMs: hub.options.ticketTtlMs });
  });

  handle(router, endpoints.liveStream, async (req, res) => {
    const named = typeof req.query.topics === 'string' && req.query.topics ? req.query.topics.split(',') : [];
    if (named.length > MAX_TOPICS) throw badInput(`At most ${MAX_TOPICS} topics`);
    const bad = named.find((t) => !PUBLIC_TOPIC.test(t));
    if (bad !== undefined)
      throw bad === 'cart' || bad === 'wishlist' || bad === 'admin' || bad.startsWith('order:')
        ? unauthenticated('This topic needs a ticket from POST /api/live/tickets')
        : badInput('A topic is catalog, settings or product:<id> (others need a ticket)');
    let uid: string | null = null;
    const topics = new Set(named);
    if (typeof req.query.ticket === 'string') {
      const ticket = hub.redeemTicket(req.query.ticket);
      if (!ticket) throw unauthenticated('This live ticket is used or expired: ask for a new one');
      uid = ticket.uid;
      for (const t of ticket.topics) topics.add(t);
    }
    if (topics.size === 0) throw badInput('Name at least one topic');
    // Counted per address AND per account: fresh accounts do not buy one address more streams. The address is the
    // rate limits' (http/rateLimits.ts): req.ip under TRUST_PROXY, an IPv6 address by its /56 as one client.
    const owners = [`ip:${ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '')}`];
    if (uid) owners.push(`user:${uid}`);
    const refusal = hub.refusal(owners);
    if (refusal) {
      res.setHeader('Retry-After', refusal.status === 503 ? '1' : '10');
      res.status(refusal.status).json({ message: refusal.message });
      return;
    }
    const lastEventId = req.headers['last-event-id'] ?? req.query.lastEventId;
    hub.open(res, { owners, uid, topics }, typeof lastEventId === 'string' ? lastEventId : undefined);
  });

  return router;
}
