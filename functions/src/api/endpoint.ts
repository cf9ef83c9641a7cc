// What one row of the endpoint table (api/endpoints.ts) says, and the types the server's routes, the OpenAPI
// document and the web's client read from it. Pure: zod and types only (the web imports these types).
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call, as the route's middleware decides (http/auth.ts):
 *  - public: anyone, no token read;
 *  - optionalUser: anyone; a bearer token, when sent, must be valid and names the caller;
 *  - customer: any signed-in account (401 without a valid token);
 *  - admin: a signed-in admin (401 without a token, 403 for a customer);
 *  - customerOrOrderToken: a signed-in caller allowed to read the order, or the holder of the order's token
 *    (`?token=` or X-Order-Token, a guest's emailed link);
 *  - liveTicket: anyone for public topics; private ones with a single-use ticket (`?ticket=`);
 *  - devLoopback: the development mailbox, from this machine only (never in production). */
export type Access =
  'public' | 'optionalUser' | 'customer' | 'admin' | 'customerOrOrderToken' | 'liveTicket' | 'devLoopback';

/** The rate limits of http/rateLimits.ts a route runs, by name (the OpenAPI document lists them). */
export type RateLimit =
  | 'signIn'
  | 'credentialCheck'
  | 'passwordReset'
  | 'accountLinkConfirm'
  | 'guestOrder'
  | 'stockAlert'
  | 'order'
  | 'couponCheck'
  | 'couponOrder';

/** Where a route exists only with some backends or options (app.ts mounts it conditionally). */
export type Availability = 'embedded' | 'accountLinks' | 'devMailbox';

declare const outputType: unique symbol;

/** The answer of a call: its TypeScript type (carried, never at run time), its media type, and a name for docs. */
export interface Output<T> {
  readonly [outputType]?: T;
  readonly name: string;
  readonly contentType: string;
  /** A zod schema of the answer, where one is written (the OpenAPI document then shows it). */
  readonly schema?: z.ZodType;
}

/** The answer type of a row: `type<Order>('Order')`; `contentType` for answers that are not JSON. */
export function type<T>(name: string, contentType = 'application/json'): Output<T> {
  return { name, contentType };
}

declare const answerType: unique symbol;

/** A zod schema tied to the type `T` of its answer (api/outputs.ts `shapeOf`, which checks the two agree): a row names
 *  `T` through it. The mark is a type only, never a value. */
export type AnswerSchema<T, S extends z.ZodType = z.ZodType> = S & { readonly [answerType]: T };

/** The answer type of a row with its zod schema (api/outputs.ts): `schema('Order', orderOutput)`, its type the one
 *  `shapeOf` tied to the schema; `schema<Order[]>('Order[]', z.array(orderOutput))` where the schema is not tied to
 *  one. The schema's answer must be assignable to `T` here; outputs.ts `shapeOf` ties the two both ways. */
export function schema<T>(name: string, answer: AnswerSchema<T>): Output<T>;
export function schema<T>(name: string, answer: z.ZodType<T>): Output<T>;
export function schema<T>(name: string, answer: z.ZodType<T>): Output<T> {
  return { name, contentType: 'application/json', schema: answer };
}

export interface EndpointSpec {
  readonly method: Method;
  /** The full path, Express style (`/api/orders/:id`). */
  readonly path: string;
  readonly access: Access;
  readonly summary: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The body is not JSON (multipart upload). */
  readonly bodyType?: 'multipart/form-data';
  readonly output: Output<unknown>;
  /** The success status (default 200). */
  readonly status?: number;
  readonly rateLimits?: readonly RateLimit[];
  readonly only?: Availability;
}

/** A row, typed as written (its literal method and path, its schemas and output type). */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

/** The `:name` parameters of an Express path. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type OutputOf<E extends EndpointSpec> = E['output'] extends Output<infer T> ? T : never;

/** What a caller passes: the path's parameters, the query and the body, each where the row has one. */
export type InputOf<E extends EndpointSpec> = ([ParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<E['path']>, string> }) &
  (E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType
    ? undefined extends z.input<E['body']>
      ? { body?: z.input<E['body']> }
      : { body: z.input<E['body']> }
    : { body?: undefined });

/** What the web's generated client keeps of a row at run time: method and path; the rest is types. */
export interface Route<E extends EndpointSpec> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never set: carries the row's type. */
  readonly endpoint?: E;
}

/** The path with its parameters filled in (each URL-encoded), e.g. `/api/orders/:id` → `/api/orders/abc`. */
export function fillPath(path: string, params: Readonly<Record<string, string>> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
