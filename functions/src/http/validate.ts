import type { z } from 'zod';
import { badInput, fieldErrors, idSchema, notFound } from '../domain/index.js';

/** Parses input with a shared schema; a failure is a 400 naming each bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const fields = fieldErrors(result.error);
    const first = Object.values(fields)[0] ?? 'Invalid input';
    throw badInput(first, fields);
  }
  return result.data;
}

/** A route id that cannot exist (wrong shape) is simply not found, never a 500. */
export function parseId(value: unknown, what: string): string {
  const result = idSchema.safeParse(value);
  if (!result.success) throw notFound(`${what} not found`);
  return result.data;
}

/** Ids some clients repeat in a body (`_id`; ProShop v2's productId, userId) must be the URL's: else a 400. */
export function assertBodyIdsMatch(urlId: string, body: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of keys) {
    if (body[key] !== undefined && body[key] !== urlId) throw badInput(`${key} does not match the URL`);
  }
}

/** Calls that act on the URL alone (e.g. creating a product, cancelling an order) refuse a body, which would be a
 *  client mistaken about what the call does. */
export function assertEmptyBody(body: unknown): void {
  if (
    body !== undefined &&
    (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).length > 0)
  ) {
    throw badInput('This call takes no body');
  }
}
