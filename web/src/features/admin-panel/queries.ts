import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BackOfficeCounts, SiteStatsDto } from '#contracts/analytics.ts';
import { apiFetch } from '#lib/api.ts';

export const siteStatsQuery = queryOptions({ queryKey: ['admin', 'analytics'], queryFn: () => apiFetch<SiteStatsDto>('/api/admin/analytics') });
export const countsQuery = queryOptions({ queryKey: ['admin', 'counts'], queryFn: () => apiFetch<BackOfficeCounts>('/api/admin/counts'), refetchInterval: 60_000 });

/** What /admin shows first: the waiting counts and the site traffic (the route loader starts them). */
export const prefetchAdminPanel = (qc: QueryClient) => Promise.all([qc.prefetchQuery(countsQuery), qc.prefetchQuery(siteStatsQuery)]);
