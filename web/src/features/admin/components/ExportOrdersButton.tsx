// "Download CSV" on the admin orders list: the orders the list's filters select (status, search) placed within an
// optional date range, as GET /api/orders/export.csv answers them (streamed by the server; saved as a file here).
// The columns are the server's (domain/orderExport.ts ORDER_EXPORT_COLUMNS); the help text below names the money ones.
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage, urlOf } from '@/lib/api';
import { downloadFile } from '@/lib/fileTransfer';
import { saveFile } from '@/lib/saveFile';
import { orderExport } from '@/lib/endpoints.gen';

/** The export's URL for these filters (empty ones left out). */
export function exportUrl(filters: { status?: string; search?: string; from?: string; to?: string }): string {
  return urlOf(orderExport, undefined, filters);
}

/** One end of the date range, bounded by the other (either may be left empty). */
function DateBound({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small fw-semibold mb-1">{label}</Form.Label>
      <Form.Control
        size="sm"
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Group>
  );
}

export function ExportOrdersButton({ status, search }: { status?: string; search?: string }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { blob, fileName } = await downloadFile(exportUrl({ status, search, from, to }));
      saveFile(blob, fileName);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form onSubmit={submit} aria-label="Export orders" className="d-flex flex-wrap align-items-end gap-2 mb-3">
      <DateBound id="export-from" label="Placed from" value={from} max={to} onChange={setFrom} />
      <DateBound id="export-to" label="to" value={to} min={from} onChange={setTo} />
      <Button type="submit" size="sm" variant="outline-dark" disabled={busy}>
        {busy ? <Loader small label="Preparing the CSV" /> : 'Download CSV'}
      </Button>
      <span className="small text-body-secondary w-100">
        The orders matching the search and status below{from || to ? ', placed in these dates' : ''}: one row per order,
        with its discount, shipping, tax, total, refunds and net (total − refunded) as plain amounts, and who paid it
        (gift card, store credit, the payment provider) and where each refund went.
      </span>
      {error && (
        <Message variant="danger" className="w-100 mb-0">
          {error}
        </Message>
      )}
    </Form>
  );
}
