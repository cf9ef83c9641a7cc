// What a live stream can listen to, and who may. Public: the catalogue (every product change, for cards and the admin
// product list), one product, and the shop's public settings (what the cart and checkout price with). Private (GET /api/live needs a ticket from POST /api/live/tickets, which checks them
// with the REST routes' rules): the caller's own cart, one order (its owner or an admin), the admin views.
import { z } from 'zod';

export const PUBLIC_TOPIC = /^(catalog|settings|product:[A-Za-z0-9_-]{1,64})$/;
export const MAX_TOPICS = 20;

export const topic = {
  catalog: 'catalog',
  settings: 'settings',
  product: (id: string) => `product:${id}`,
  cart: (uid: string) => `cart:${uid}`,
  wishlist: (uid: string) => `wishlist:${uid}`,
  order: (id: string) => `order:${id}`,
  admin: 'admin',
} as const;

/** A topic as a client asks for it: `cart` and `wishlist` are always the caller's own (no way to name another's). */
export const requestedTopicSchema = z
  .string({ error: 'Each topic must be a string' })
  .regex(
    /^(catalog|settings|cart|wishlist|admin|(product|order):[A-Za-z0-9_-]{1,64})$/,
    'A topic is catalog, settings, cart, wishlist, admin, product:<id> or order:<id>',
  );

export const ticketRequestSchema = z.strictObject({
  topics: z
    .array(requestedTopicSchema, { error: 'topics must be a list' })
    .min(1, 'Name at least one topic')
    .max(MAX_TOPICS, `At most ${MAX_TOPICS} topics`),
});
