// The pages of a back-in-stock alert's mailed links (issue 41): confirm the address, unsubscribe in one click. Each
// uses its token once when it opens (no sign-in: the signed token is the right).
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormContainer } from '@/components/ui/FormContainer';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@domain/routes';
import { errorMessage } from '@/lib/api';
import { useConfirmStockAlert, useUnsubscribeStockAlert } from '../api/stockAlerts';

export function StockAlertConfirmPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmStockAlert();
  return <UseLinkOnOpen title="Back-in-Stock Alert" token={token} action={confirm} pending="Confirming your alert" />;
}

export function StockAlertUnsubscribePage() {
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribeStockAlert();
  return <UseLinkOnOpen title="Unsubscribe" token={token} action={unsubscribe} pending="Removing your alert" />;
}

function UseLinkOnOpen({
  title,
  token,
  action,
  pending,
}: {
  title: string;
  token: string;
  action: UseMutationResult<{ message: string; productId?: string; productSlug?: string }, Error, string>;
  pending: string;
}) {
  const asked = useRef(false);
  const { mutate } = action;
  useEffect(() => {
    // Once per visit (StrictMode runs effects twice in development).
    if (asked.current) return;
    asked.current = true;
    mutate(token);
  }, [token, mutate]);
  // Issue 40: the readable address, else (a product deleted since) the id.
  const product = action.data?.productSlug || action.data?.productId;
  return (
    <FormContainer>
      <Meta title={title} />
      <h1 className="section-title">{title}</h1>
      {action.isSuccess && <Message variant="success">{action.data.message}</Message>}
      {action.isError && <Message variant="danger">{errorMessage(action.error)}</Message>}
      {(action.isPending || action.isIdle) && <Loader label={pending} />}
      {product ? (
        <Link to={paths.product.href(product)}>Back to the product</Link>
      ) : (
        <Link to={paths.home.href()}>Continue shopping</Link>
      )}
    </FormContainer>
  );
}
