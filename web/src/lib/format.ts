// Display helpers (spec 9: currency shown as $, 2 decimals; dates shown as their first 10 characters).
export { formatPrice } from '@domain/money';

/** "2026-11-22": the first 10 characters of an ISO date, as the spec shows dates. */
export function shortDate(iso: string | null | undefined): string {
  return iso ? iso.substring(0, 10) : '';
}

/** "Nov 24, 2026, 2:05 PM": for deadlines where the time of day matters (payment holds). */
export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
