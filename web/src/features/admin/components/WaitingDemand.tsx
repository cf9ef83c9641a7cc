// The product editor's waiting back-in-stock demand (issue 41): how many confirmed subscribers wait, per variant.
import type { Product } from '@domain';
import { variantLabel } from '@domain/variants';
import { ListTable, numberColumn } from '@/components/ui/ListTable';
import { useStockAlertDemand } from '../api/stockAlerts';

export function WaitingDemand({ product }: { product: Product }) {
  const demand = useStockAlertDemand([product._id]);
  if (!demand.data?.length) return null;
  const label = (variant: string | null) => {
    const found = variant ? product.variants?.find((v) => v._id === variant) : undefined;
    return found ? variantLabel(product.options ?? [], found) : variant ? 'A removed variant' : product.name;
  };
  return (
    <section aria-labelledby="waiting-demand-title" className="card card-body editor-card" data-testid="waiting-demand">
      <h2 id="waiting-demand-title" className="h5">
        Waiting for a restock
      </h2>
      <ListTable
        size="sm"
        bordered
        className="w-auto"
        columns={['Item', numberColumn('Subscribers')]}
        rows={demand.data}
        row={(d) => (
          <tr key={d.variant ?? ''}>
            <th scope="row" className="fw-normal">
              {label(d.variant)}
            </th>
            <td className="text-end">{d.waiting}</td>
          </tr>
        )}
      />
      <p className="small text-muted mb-0">
        A restock mails the oldest of them, up to 3 per unit back (at least 10); the rest wait for the next one.
      </p>
    </section>
  );
}
