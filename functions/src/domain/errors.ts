// Domain errors: thrown by rules and adapters, turned into HTTP statuses in one place (http/errors.ts).

export type FieldErrors = Record<string, string>;

export class DomainError extends Error {
  constructor(
    message: string,
    readonly kind: 'bad_input' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'unavailable',
    readonly fields?: FieldErrors,
    /** More of the answer's body beside `message` (e.g. the figures of a total that changed): plain JSON values,
     *  never `message` or `fields`. */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badInput = (message: string, fields?: FieldErrors) => new DomainError(message, 'bad_input', fields);
export const unauthenticated = (message = 'Not authorized, no token') => new DomainError(message, 'unauthenticated');
export const forbidden = (message = 'Not authorized') => new DomainError(message, 'forbidden');
export const notFound = (message: string) => new DomainError(message, 'not_found');
export const conflict = (message: string, details?: Readonly<Record<string, unknown>>) =>
  new DomainError(message, 'conflict', undefined, details);
export const unavailable = (message: string) => new DomainError(message, 'unavailable');
