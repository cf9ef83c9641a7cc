// The parcel's carrier and tracking number (issue 38), with a link to the carrier's tracking page when the domain
// knows the carrier (domain/tracking.ts trackingUrl); an unknown carrier shows the number only.
import type { Order } from '@domain';
import { trackingUrl } from '@domain/tracking';

export function ShipmentDetails({ order, className = 'small mt-2 mb-0' }: { order: Order; className?: string }) {
  if (!order.carrier && !order.trackingNumber) return null;
  const url = trackingUrl(order.carrier, order.trackingNumber);
  return (
    <dl className={`shipment-details ${className}`}>
      {order.carrier && (
        <div>
          <dt className="d-inline">Carrier: </dt>
          <dd className="d-inline">{order.carrier}</dd>
        </div>
      )}
      {order.trackingNumber && (
        <div>
          <dt className="d-inline">Tracking number: </dt>
          <dd className="d-inline font-monospace text-break">
            {url ? (
              <a href={url} target="_blank" rel="noopener noreferrer">
                {order.trackingNumber}
                <span className="visually-hidden"> (track the parcel, opens in a new tab)</span>
              </a>
            ) : (
              order.trackingNumber
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}
