import { describe, expect, it } from 'vitest';
import { CARRIERS, knownCarrier, trackingUrl } from './tracking.js';

describe('tracking links', () => {
  it('links each known carrier to its tracking page with the number', () => {
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('USPS', '9400111899223100000000')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223100000000',
    );
    expect(trackingUrl('FedEx', '123456789012')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(trackingUrl('DHL', 'JD014600006281230701')).toContain('tracking-id=JD014600006281230701');
    expect(trackingUrl('Royal Mail', 'AB123456789GB')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(trackingUrl('Canada Post', '1234567890123456')).toContain('searchFor=1234567890123456');
    expect(trackingUrl('Australia Post', '33ABC1234567')).toBe(
      'https://auspost.com.au/mypost/track/details/33ABC1234567',
    );
    for (const c of CARRIERS) expect(trackingUrl(c.name, 'X1')).toMatch(/^https:\/\//);
  });

  it('reads the carrier as typed: case, spaces, a service after the name', () => {
    expect(knownCarrier('fed ex')).toBe('FedEx');
    expect(knownCarrier(' FEDEX ')).toBe('FedEx');
    expect(knownCarrier('Federal Express')).toBe('FedEx');
    expect(knownCarrier('DHL Express')).toBe('DHL');
    expect(knownCarrier('UPS Ground')).toBe('UPS');
    expect(knownCarrier('Royal Mail Tracked 24')).toBe('Royal Mail');
    expect(knownCarrier('AusPost')).toBe('Australia Post');
    expect(knownCarrier('Postes Canada')).toBe('Canada Post');
  });

  it('gives no link for an unknown carrier, a look-alike, or no number', () => {
    expect(trackingUrl('Hermes', 'H123')).toBeNull();
    expect(trackingUrl('UPSide Couriers', '1Z')).toBeNull();
    expect(trackingUrl('Bike courier UPS', '1Z')).toBeNull();
    expect(trackingUrl(null, '1Z999')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
    expect(trackingUrl('UPS', '')).toBeNull();
  });

  it('drops the spaces and dashes typed between groups, and never links anything but letters and digits', () => {
    expect(trackingUrl('UPS', '1Z 999 AA1 01-2345 6784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('UPS', '1Z"><script>')).toBeNull();
    expect(trackingUrl('UPS', '1Z/../../x')).toBeNull();
    expect(trackingUrl('UPS', 'A'.repeat(41))).toBeNull();
  });
});
