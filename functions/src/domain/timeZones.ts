// The shop's time zone (issue 38): an IANA name the owner sets (ShopSettings.timeZone), in which the emails give
// times ("28 Nov 2026, 14:05 CET"). Pure; the checks use the runtime's own zone data (Intl), so a name this runtime
// cannot format with is never saved.

/** Until the owner chooses: what the emails always showed. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The runtime's canonical spelling of a zone name ('europe/berlin' -> 'Europe/Berlin'), or null when it is not a
 *  zone name this runtime knows. Offsets ('+01:00') are refused: a fixed offset ignores summer time. */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(trimmed)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zones an owner may choose from (the settings form's select): UTC first, then the runtime's list. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIME_ZONE, ...names.filter((n) => n !== DEFAULT_TIME_ZONE)];
}

/** A zone to format with: the one given when this runtime knows it, else UTC (a message is never lost to a bad
 *  name). */
export function usableTimeZone(name: string | null | undefined): string {
  return (name && canonicalTimeZone(name)) || DEFAULT_TIME_ZONE;
}

const isOffsetName = (name: string) => /^(GMT|UTC)[+-]/.test(name);

function zoneAbbreviation(date: Date, timeZone: string): string {
  const nameIn = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  // en-GB knows Europe's abbreviations (CET, BST), en-US America's (EST, PST); else the offset ("GMT+9").
  const british = nameIn('en-GB');
  if (!isOffsetName(british)) return british;
  const american = nameIn('en-US');
  return isOffsetName(american) ? british : american;
}

/** "28 Nov 2026, 14:05 CET": a time as a mail shows it, in the shop's zone, named so no reader guesses. */
export function shopTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = usableTimeZone(timeZone);
  const formatted = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(date);
  return `${formatted} ${zoneAbbreviation(date, zone)}`;
}
