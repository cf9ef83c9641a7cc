import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api';
import { Loader } from './Loader';
import { Message } from './Message';

/** Spinner while loading, a red alert in place of the content on error, else the content. */
export function QueryBoundary<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loader />;
  if (query.isError || query.data === undefined) return <Message variant="danger">{errorMessage(query.error)}</Message>;
  return <>{children(query.data)}</>;
}
