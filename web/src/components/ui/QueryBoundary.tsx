import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api';
import { Loader } from './Loader';
import { Message } from './Message';

/** Spinner while loading (`fill`: a screen high, see Loader), a red alert in place of the content on error, else the content. */
export function QueryBoundary<T>({
  query,
  children,
  fill = false,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
  fill?: boolean;
}) {
  if (query.isPending) return <Loader fill={fill} />;
  if (query.isError || query.data === undefined) return <Message variant="danger">{errorMessage(query.error)}</Message>;
  return <>{children(query.data)}</>;
}
