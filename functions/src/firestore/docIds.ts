// Document ids: whether a string may name a Firestore document, and ids for values chosen elsewhere. Shared by the
// Firestore adapter and the capability modules that key records by a value (modules/stockAlerts), so both backends
// key a record alike; server only (node:crypto), never imported by the web.
import { createHash } from 'node:crypto';

/** A string that can never name a document (empty, '/', '.', '..', `__x__`): such an id simply does not exist. */
export function isDocId(id: string): boolean {
  return id.length > 0 && id.length <= 1500 && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}

/** Document ids for values chosen elsewhere (emails, provider capture ids): kept readable when safe, hashed otherwise. */
export function keyId(value: string): string {
  return /^[A-Za-z0-9@._+-]{1,200}$/.test(value) && isDocId(value)
    ? value
    : `h-${createHash('sha256').update(value).digest('hex')}`;
}
