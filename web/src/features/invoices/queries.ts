import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PublicLinkDto } from '#contracts/public-link.ts';
import type { CheckoutBody, CheckoutResponse, PaymentStatusDto } from '#contracts/payments.ts';
import type { ClientListResponse } from '#contracts/clients.ts';
import type {
  CreditNoteBody,
  InvoiceDetailDto,
  InvoiceDto,
  InvoiceListResponse,
  PaymentBody,
  PublicInvoiceDto,
  UpdateDraftBody,
} from '#contracts/invoices.ts';
import { apiFetch } from '#lib/api.ts';
import { INVOICES_KEY, useInvoiceMutation } from '#lib/queries/invoices.ts';

export interface InvoiceListParams {
  search: string;
  status: string | undefined;
  overdue: boolean;
  sort: string;
  dir: 'asc' | 'desc';
  cursor: string | null;
  limit: number;
}

const path = (id: string, rest = '') => `/api/invoices/${encodeURIComponent(id)}${rest}`;

export const invoicesQuery = (p: InvoiceListParams) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'list', p],
    queryFn: () => {
      const q = new URLSearchParams({ search: p.search, sort: p.sort, dir: p.dir, limit: String(p.limit) });
      if (p.status) q.set('status', p.status);
      if (p.overdue) q.set('overdue', 'true');
      if (p.cursor) q.set('cursor', p.cursor);
      return apiFetch<InvoiceListResponse>(`/api/invoices?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

export const invoiceQuery = (id: string) => queryOptions({ queryKey: [...INVOICES_KEY, 'one', id], queryFn: () => apiFetch<InvoiceDetailDto>(path(id)) });

export const clientPickerQuery = (text: string) =>
  queryOptions({
    queryKey: ['clients', 'picker', text],
    queryFn: () => apiFetch<ClientListResponse>(`/api/clients?${new URLSearchParams({ q: text, limit: '10' }).toString()}`),
    placeholderData: keepPreviousData,
  });

export const publicInvoiceQuery = (token: string) =>
  queryOptions({ queryKey: ['public-invoice', token], queryFn: () => apiFetch<PublicInvoiceDto>(`/api/public/invoices/${encodeURIComponent(token)}`), retry: false });

export const useUpdateDraft = (id: string) => useInvoiceMutation((body: UpdateDraftBody) => apiFetch<InvoiceDto>(path(id), { method: 'PUT', json: body }));
export const useSendInvoice = (id: string) => useInvoiceMutation((body: { to?: string }) => apiFetch<InvoiceDto>(path(id, '/send'), { method: 'POST', json: body }));
export const useRecordPayment = (id: string) => useInvoiceMutation((body: PaymentBody) => apiFetch<InvoiceDto>(path(id, '/payments'), { method: 'POST', json: body }));
export const useVoidInvoice = (id: string) => useInvoiceMutation((body: { reason: string }) => apiFetch<InvoiceDto>(path(id, '/void'), { method: 'POST', json: body }));
export const useCreditNote = (id: string) => useInvoiceMutation((body: CreditNoteBody) => apiFetch<InvoiceDto>(path(id, '/credit-notes'), { method: 'POST', json: body }));

export const useCorrectPayment = (id: string, paymentId: string) =>
  useInvoiceMutation((body: PaymentBody) => apiFetch<InvoiceDto>(path(id, `/payments/${encodeURIComponent(paymentId)}`), { method: 'PATCH', json: body }));
/** Refund (part of) a card payment made online, through the provider; the refund is booked when its webhook confirms it. */
export function useRefundPayment(id: string) {
  const qc = useQueryClient();
  const refetch = () => qc.invalidateQueries({ queryKey: INVOICES_KEY });
  return useMutation({
    mutationFn: (b: { paymentId: string; amount: string; reason: string }) =>
      apiFetch<{ refundId: string; amountCents: number }>(path(id, `/payments/${encodeURIComponent(b.paymentId)}/refund`), { method: 'POST', json: { amount: b.amount, reason: b.reason } }),
    // The provider's webhook books the refund moments later: look again then.
    onSuccess: () => Promise.all([refetch(), new Promise((r) => setTimeout(r, 1500)).then(refetch)]),
  });
}
export const useRemovePayment = (id: string) => useInvoiceMutation((paymentId: string) => apiFetch<InvoiceDto>(path(id, `/payments/${encodeURIComponent(paymentId)}`), { method: 'DELETE' }));
/** Revoke or rotate the client link (answers the link, not the invoice); the invoice and its history refetch. */
export function useInvoiceLink(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (what: 'revoke' | 'rotate') => apiFetch<PublicLinkDto>(path(id, `/link/${what}`), { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
}
export const useDuplicateInvoice = (id: string) => useInvoiceMutation((_: void) => apiFetch<InvoiceDto>(path(id, '/duplicate'), { method: 'POST' }));

export interface InvoiceFilters {
  q: string;
  status: string | undefined;
  overdue: boolean;
  sort: string;
  dir: 'asc' | 'desc';
}

/** The list's filters for the screen's search (defaults filled in). */
export const invoiceFilters = (search: { q?: string; status?: string; overdue?: boolean; sort?: string; dir?: 'asc'; invoice?: string }): InvoiceFilters => ({ q: search.q ?? '', status: search.status, overdue: search.overdue ?? false, sort: search.sort ?? 'issueDate', dir: search.dir ?? 'desc' });

const PAGE_SIZE = 25;

/** One page of the list for the filters, from `cursor`. */
export const invoiceListQuery = (filters: InvoiceFilters, cursor: string | null) => invoicesQuery({ search: filters.q, status: filters.status, overdue: filters.overdue, sort: filters.sort, dir: filters.dir, cursor, limit: PAGE_SIZE });

/** What the screen shows first for its search (the route loader starts it beside the code). */
export const prefetchInvoiceScreen = (qc: QueryClient, search: Parameters<typeof invoiceFilters>[0]) =>
  Promise.all([qc.prefetchQuery(invoiceListQuery(invoiceFilters(search), null)), search.invoice ? qc.prefetchQuery(invoiceQuery(search.invoice)) : null]);

/** Online payment on /i/<token> (docs/payments.md): whether the provider is set up, and the checkout the customer came back from. */
export const publicPaymentQuery = (token: string, checkout: string | undefined) =>
  queryOptions({
    queryKey: ['public-invoice', token, 'payment', checkout ?? null],
    queryFn: () => apiFetch<PaymentStatusDto>(`/api/public/invoices/${encodeURIComponent(token)}/payment${checkout ? `?checkout=${encodeURIComponent(checkout)}` : ''}`),
    retry: false,
  });
export const useStartCheckout = (token: string) =>
  useMutation({ mutationFn: (body: CheckoutBody) => apiFetch<CheckoutResponse>(`/api/public/invoices/${encodeURIComponent(token)}/checkout`, { method: 'POST', json: body }) });
