import type { CustomerDetail, CustomerPage } from '@domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { customerGet, customerList } from '@/lib/endpoints.gen';
import { orderKeys } from '@/lib/queryKeys';

// Under orderKeys.all: any order change (placed, paid, refunded) asks for the customers' figures again.
const customerKeys = {
  all: [...orderKeys.all, 'customers'] as const,
  list: (params: CustomerListParams) => [...customerKeys.all, 'list', params] as const,
  one: (key: string) => [...customerKeys.all, 'one', key] as const,
};

export interface CustomerListParams {
  page: number;
  keyword?: string;
}

/** GET /api/customers?page=&keyword= (admin): a page of 50 customers, accounts and guests, searched by the server. */
export function getCustomerPage(params: CustomerListParams, signal?: AbortSignal): Promise<CustomerPage> {
  return call(customerList, { query: { page: params.page, keyword: params.keyword }, signal });
}

export function useCustomerPage(params: CustomerListParams) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => getCustomerPage(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/customers/:key (admin): an account id or a guest's email; the customer and their orders. */
export function useCustomer(key: string) {
  return useQuery({
    queryKey: customerKeys.one(key),
    queryFn: ({ signal }): Promise<CustomerDetail> => call(customerGet, { params: { key }, signal }),
  });
}
