import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PublicLinkDto } from '#contracts/public-link.ts';
import type { AuditListDto } from '#contracts/audit.ts';
import type { AcceptRequest, ProposalDto, ProposalListResponse, ProposalRequestParsed, PublicProposal } from '#contracts/proposals.ts';
import { apiFetch } from '#lib/api.ts';

export const PROPOSALS_KEY = ['proposals'] as const;

export interface ProposalListParams {
  status: string | undefined;
  search: string;
  sort: string;
  dir: 'asc' | 'desc';
  cursor: string | null;
  limit: number;
}

export const proposalsQuery = (p: ProposalListParams) =>
  queryOptions({
    queryKey: [...PROPOSALS_KEY, 'list', p],
    queryFn: () => {
      const q = new URLSearchParams({ search: p.search, sort: p.sort, dir: p.dir, limit: String(p.limit) });
      if (p.status) q.set('status', p.status);
      if (p.cursor) q.set('cursor', p.cursor);
      return apiFetch<ProposalListResponse>(`/api/proposals?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

export const proposalQuery = (id: string) =>
  queryOptions({ queryKey: [...PROPOSALS_KEY, 'one', id], queryFn: () => apiFetch<ProposalDto>(`/api/proposals/${encodeURIComponent(id)}`) });

export const proposalAuditQuery = (id: string) =>
  queryOptions({ queryKey: [...PROPOSALS_KEY, 'audit', id], queryFn: () => apiFetch<AuditListDto>(`/api/proposals/${encodeURIComponent(id)}/audit`) });

export function useSaveProposal(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposalRequestParsed) =>
      id === null
        ? apiFetch<ProposalDto>('/api/proposals', { method: 'POST', json: body })
        : apiFetch<ProposalDto>(`/api/proposals/${encodeURIComponent(id)}`, { method: 'PUT', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: PROPOSALS_KEY }),
  });
}

/** send / convert / duplicate: one POST each, everything about proposals refetched after. */
export function useProposalAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { action: 'send' | 'convert' | 'duplicate'; body?: unknown }) =>
      apiFetch<ProposalDto>(`/api/proposals/${encodeURIComponent(id)}/${a.action}`, { method: 'POST', ...(a.body !== undefined ? { json: a.body } : {}) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: PROPOSALS_KEY }),
  });
}

/** Revoke or rotate the client link; everything about proposals refetched after. */
export function useProposalLink(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (what: 'revoke' | 'rotate') => apiFetch<PublicLinkDto>(`/api/proposals/${encodeURIComponent(id)}/link/${what}`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: PROPOSALS_KEY }),
  });
}

export const publicProposalQuery = (token: string) =>
  queryOptions({ queryKey: ['public-proposal', token], queryFn: () => apiFetch<PublicProposal>(`/api/public/proposals/${encodeURIComponent(token)}`), retry: false });

export function usePublicAnswer(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: ({ kind: 'accept' } & AcceptRequest) | { kind: 'decline'; reason: string }) => {
      const { kind, ...body } = a;
      return apiFetch<PublicProposal>(`/api/public/proposals/${encodeURIComponent(token)}/${kind}`, { method: 'POST', json: body });
    },
    onSuccess: (data) => qc.setQueryData(['public-proposal', token], data),
  });
}


export interface ProposalFilters {
  status: string | undefined;
  q: string;
  sort: string;
  dir: 'asc' | 'desc';
}

/** The list's filters for the screen's search (defaults filled in). */
export const proposalFilters = (search: { status?: string; q?: string; sort?: string; dir?: 'asc'; open?: string }): ProposalFilters => ({ status: search.status, q: search.q ?? '', sort: search.sort ?? 'createdAt', dir: search.dir ?? 'desc' });

const PAGE_SIZE = 25;

/** One page of the list for the filters, from `cursor`. */
export const proposalListQuery = (filters: ProposalFilters, cursor: string | null) => proposalsQuery({ status: filters.status, search: filters.q, sort: filters.sort, dir: filters.dir, cursor, limit: PAGE_SIZE });

/** What the screen shows first for its search (the route loader starts it beside the code). */
export const prefetchProposalScreen = (qc: QueryClient, search: Parameters<typeof proposalFilters>[0]) =>
  Promise.all([qc.prefetchQuery(proposalListQuery(proposalFilters(search), null)), search.open ? qc.prefetchQuery(proposalQuery(search.open)) : null]);

/** "Pay the deposit now" on the accepted page: a checkout of the deposit invoice on the provider's page (docs/payments.md). */
export const useDepositCheckout = (invoiceToken: string) =>
  useMutation({ mutationFn: () => apiFetch<{ url: string }>(`/api/public/invoices/${encodeURIComponent(invoiceToken)}/checkout`, { method: 'POST', json: {} }) });
