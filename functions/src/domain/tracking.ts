// Where a parcel can be followed (issue 38): the carriers the shop knows, each with its public tracking page. Pure,
// shared by the order emails (mail/templates) and the web's order page. A carrier is typed freely by the owner when
// shipping, so it is matched loosely ("Fed Ex", "fedex", "FedEx Ground"); an unknown carrier gets no link, only the
// number.

/** The known carriers: the name shown, the spellings an owner types (letters only, lower case) and the tracking
 *  page with `{n}` for the number. */
export const CARRIERS = [
  { name: 'UPS', aliases: ['ups'], url: 'https://www.ups.com/track?tracknum={n}' },
  { name: 'USPS', aliases: ['usps', 'uspostalservice'], url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}' },
  { name: 'FedEx', aliases: ['fedex', 'federalexpress'], url: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  { name: 'DHL', aliases: ['dhl'], url: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={n}&submit=1' },
  {
    name: 'Royal Mail',
    aliases: ['royalmail'],
    url: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
  },
  {
    name: 'Canada Post',
    aliases: ['canadapost', 'postescanada'],
    url: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  },
  {
    name: 'Australia Post',
    aliases: ['australiapost', 'auspost'],
    url: 'https://auspost.com.au/mypost/track/details/{n}',
  },
] as const;

export type KnownCarrier = (typeof CARRIERS)[number]['name'];

const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/** The known carrier an owner's text names: its letters equal an alias or begin with one followed by a service
 *  word ("DHL Express", "UPS Ground"); "UPSide" is not UPS, hence the word check on the original text. */
export function knownCarrier(carrier: string | null | undefined): KnownCarrier | null {
  if (!carrier) return null;
  const key = letters(carrier);
  if (!key) return null;
  for (const c of CARRIERS) if ((c.aliases as readonly string[]).includes(key)) return c.name;
  const words = carrier.trim().toLowerCase().split(/[^a-z]+/).filter(Boolean);
  for (let n = words.length - 1; n >= 1; n--) {
    const head = words.slice(0, n).join('');
    for (const c of CARRIERS) if ((c.aliases as readonly string[]).includes(head)) return c.name;
  }
  return null;
}

/** The tracking number as the carriers' pages take it: spaces and dashes people type between groups dropped. */
export function normalTrackingNumber(number: string): string {
  return number.replace(/[\s-]+/g, '');
}

/** The carrier's tracking page for this number, or null: unknown carrier, or no number (letters and digits only:
 *  anything else is not a tracking number and is never put in a link). */
export function trackingUrl(carrier: string | null | undefined, number: string | null | undefined): string | null {
  const known = knownCarrier(carrier);
  if (!known || !number) return null;
  const n = normalTrackingNumber(number);
  if (!/^[A-Za-z0-9]{1,40}$/.test(n)) return null;
  return CARRIERS.find((c) => c.name === known)!.url.replace('{n}', encodeURIComponent(n));
}
