// Gift cards (issue 39): issue a card (amount, optional expiry and recipient, who gets the code by mail), and the
// shop's cards with their balance and history. One lazy module.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { ListTable, numberColumn } from '@/components/ui/ListTable';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { call, errorMessage } from '@/lib/api';
import { giftCardIssue, giftCardList } from '@/lib/endpoints/gift-cards-admin.gen';
import { formatPrice } from '@/lib/format';

const KEY = ['admin', 'giftCards'] as const;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

export function GiftCardsPage() {
  const client = useQueryClient();
  const cards = useQuery({ queryKey: KEY, queryFn: () => call(giftCardList, {}) });
  const [amount, setAmount] = useState('');
  const [expires, setExpires] = useState('');
  const [recipient, setRecipient] = useState('');
  const issue = useMutation({
    mutationFn: () =>
      call(giftCardIssue, {
        body: {
          amount: Number(amount),
          ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
          ...(recipient.trim() ? { recipientEmail: recipient.trim() } : {}),
        },
      }),
    onSuccess: () => {
      setAmount('');
      setExpires('');
      setRecipient('');
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    issue.mutate();
  };
  return (
    <>
      <Meta title="Gift cards" />
      <h1 className="h3">Gift cards</h1>
      <Form onSubmit={submit} className="mb-4" aria-label="Issue a gift card">
        <Row className="g-2 align-items-end">
          <Col xs={12} md={3}>
            <Form.Group controlId="gift-amount">
              <Form.Label>Amount ($)</Form.Label>
              <Form.Control inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required />
            </Form.Group>
          </Col>
          <Col xs={12} md={3}>
            <Form.Group controlId="gift-expires">
              <Form.Label>Expires (optional)</Form.Label>
              <Form.Control type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
            </Form.Group>
          </Col>
          <Col xs={12} md={4}>
            <Form.Group controlId="gift-recipient">
              <Form.Label>Recipient email (optional)</Form.Label>
              <Form.Control type="email" value={recipient} onChange={(e) => setRecipient(e.target.value)} />
            </Form.Group>
          </Col>
          <Col xs={12} md={2} className="d-grid">
            <Button type="submit" disabled={issue.isPending || !amount}>
              Issue card
            </Button>
          </Col>
        </Row>
        {issue.isError && (
          <Message variant="danger" className="mt-3">
            {errorMessage(issue.error)}
          </Message>
        )}
        {issue.data && (
          <Message variant="success" className="mt-3">
            Issued <strong data-testid="issued-code">{issue.data.code}</strong> for {formatPrice(issue.data.balance)}
          </Message>
        )}
      </Form>
      <QueryBoundary query={cards}>
        {(list) =>
          list.length === 0 ? (
            <Message>No gift card issued yet.</Message>
          ) : (
            // As the other admin tables (admin.css .admin-table): a region the keyboard can scroll (axe), on phones one
            // card per gift card, its cells labelled, no sideways scrolling.
            <div className="admin-table-scroll" tabIndex={0} role="region" aria-label="Gift cards issued">
              <ListTable
                size="sm"
                className="admin-table align-middle"
                columns={[
                  'Code',
                  numberColumn('Balance'),
                  numberColumn('Issued for'),
                  'Expires',
                  'Recipient',
                  'History',
                ]}
                rows={list}
                row={(card) => (
                  <tr key={card.code}>
                    <td className="text-nowrap font-monospace" data-label="Code">
                      {card.code}
                    </td>
                    <td className="text-end" data-label="Balance">
                      {formatPrice(card.balance)}
                    </td>
                    <td className="text-end" data-label="Issued for">
                      {formatPrice(card.initial)}
                    </td>
                    <td data-label="Expires">{day(card.expiresAt)}</td>
                    <td className="text-break" data-label="Recipient">
                      {card.recipientEmail ?? '—'}
                    </td>
                    <td data-label="History">
                      <ul className="list-unstyled small mb-0">
                        {card.history.map((h, i) => (
                          <li key={i}>
                            {day(h.at)} {h.kind}
                            {h.orderId ? ` (order ${h.orderId.slice(-6)})` : ''}: {h.amount < 0 ? '−' : '+'}
                            {formatPrice(Math.abs(h.amount))} → {formatPrice(h.balance)}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                )}
              />
            </div>
          )
        }
      </QueryBoundary>
    </>
  );
}
