import { queryOptions } from '@tanstack/react-query';
import type { BackOfficeCounts, SiteStatsDto } from '#contracts/analytics.ts';
import { apiFetch } from '#lib/api.ts';

export const siteStatsQuery = queryOptions({ queryKey: ['admin', 'analytics'], queryFn: () => apiFetch<SiteStatsDto>('/api/admin/analytics') });
export const countsQuery = queryOptions({ queryKey: ['admin', 'counts'], queryFn: () => apiFetch<BackOfficeCounts>('/api/admin/counts'), refetchInterval: 60_000 });
