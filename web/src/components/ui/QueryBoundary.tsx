import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api';
import { Loader } from './Loader';
import { Message } from './Message';

/**
 * While loading: `pending` (a skeleton shaped like the content) or a spinner (`fill`: a screen high, see Loader);
 * a red alert in place of the content on error; else the content.
 */
export function QueryBoundary<T>({
  query,
  children,
  fill = false,
  pending,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
  fill?: boolean;
  pending?: ReactNode;
}) {
  if (query.isPending) return pending ?? <Loader fill={fill} />;
  if (query.isError || query.data === undefined) return <Message variant="danger">{errorMessage(query.error)}</Message>;
  return <>{children(query.data)}</>;
}
