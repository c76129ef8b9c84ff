import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ClientListResponse, ClientView } from '#contracts/clients.ts';
import type {
  BillingPreview,
  BillingRun,
  Contract,
  ContractListResponse,
  ContractRequestParsed,
  ContractView,
  MonitoringSummary,
  TransitionRequest,
} from '#contracts/monitoring.ts';
import { apiFetch } from '#lib/api.ts';

export interface ContractListParams {
  search: string;
  status: string | undefined;
  sort: string;
  dir: 'asc' | 'desc';
  cursor: string | null;
  limit: number;
}

export const MONITORING_KEY = ['monitoring'] as const;

export const contractsQuery = (p: ContractListParams) =>
  queryOptions({
    queryKey: [...MONITORING_KEY, 'contracts', p],
    queryFn: () => {
      const q = new URLSearchParams({ search: p.search, sort: p.sort, dir: p.dir, limit: String(p.limit) });
      if (p.status) q.set('status', p.status);
      if (p.cursor) q.set('cursor', p.cursor);
      return apiFetch<ContractListResponse>(`/api/monitoring/contracts?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

export const contractQuery = (id: string) =>
  queryOptions({
    queryKey: [...MONITORING_KEY, 'contract', id],
    queryFn: () => apiFetch<ContractView>(`/api/monitoring/contracts/${encodeURIComponent(id)}`),
  });

export const summaryQuery = queryOptions({
  queryKey: [...MONITORING_KEY, 'summary'],
  queryFn: () => apiFetch<MonitoringSummary>('/api/monitoring/summary'),
});

export const clientSearchQuery = (text: string) =>
  queryOptions({
    queryKey: ['clients', 'picker', text],
    queryFn: () => apiFetch<ClientListResponse>(`/api/clients?${new URLSearchParams({ q: text, limit: '10' }).toString()}`),
    placeholderData: keepPreviousData,
  });

export const clientQuery = (id: string) =>
  queryOptions({
    queryKey: ['clients', 'picker-client', id],
    queryFn: () => apiFetch<ClientView>(`/api/clients/${encodeURIComponent(id)}`),
    enabled: id !== '',
  });

/** Every change invalidates the whole monitoring prefix: lists, the contract, the summary. */
function useMonitoringMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: MONITORING_KEY }) });
}

export const useSaveContract = (id: string | null) =>
  useMonitoringMutation((body: ContractRequestParsed) =>
    id === null
      ? apiFetch<Contract>('/api/monitoring/contracts', { method: 'POST', json: body })
      : apiFetch<Contract>(`/api/monitoring/contracts/${encodeURIComponent(id)}`, { method: 'PUT', json: body }),
  );

export const useChangeStatus = (id: string) =>
  useMonitoringMutation((body: TransitionRequest) => apiFetch<Contract>(`/api/monitoring/contracts/${encodeURIComponent(id)}/status`, { method: 'POST', json: body }));

export const useRunBilling = () => useMonitoringMutation(() => apiFetch<BillingRun>('/api/monitoring/billing/run', { method: 'POST', json: {} }));

/** What billing would create now: for one contract (before activating it) or the whole run. */
export const fetchBillingPreview = (contractId: string | null): Promise<BillingPreview> =>
  apiFetch<BillingPreview>(contractId === null ? '/api/monitoring/billing/preview' : `/api/monitoring/contracts/${encodeURIComponent(contractId)}/billing/preview`);

export const useRetryPeriod = (id: string) =>
  useMonitoringMutation((period: string) =>
    apiFetch<BillingRun>(`/api/monitoring/contracts/${encodeURIComponent(id)}/billing/${encodeURIComponent(period)}/retry`, { method: 'POST', json: {} }),
  );

export const formatRate = (bp: number | null) => (bp === null ? '—' : `${(bp / 100).toFixed(2)} %`);

export interface ContractFilters {
  q: string;
  status: string | undefined;
  sort: string;
  dir: 'asc' | 'desc';
}

/** The list's filters for the screen's search (defaults filled in). */
export const contractFilters = (search: { q?: string; status?: string; sort?: string; dir?: 'asc'; contract?: string }): ContractFilters => ({ q: search.q ?? '', status: search.status, sort: search.sort ?? 'createdAt', dir: search.dir ?? 'desc' });

const PAGE_SIZE = 25;

/** One page of the list for the filters, from `cursor`. */
export const contractListQuery = (filters: ContractFilters, cursor: string | null) => contractsQuery({ search: filters.q, status: filters.status, sort: filters.sort, dir: filters.dir, cursor, limit: PAGE_SIZE });

/** What the screen shows first for its search (the route loader starts it beside the code). */
export const prefetchContractScreen = (qc: QueryClient, search: Parameters<typeof contractFilters>[0]) =>
  Promise.all([qc.prefetchQuery(summaryQuery), qc.prefetchQuery(contractListQuery(contractFilters(search), null)), search.contract ? qc.prefetchQuery(contractQuery(search.contract)) : null]);
