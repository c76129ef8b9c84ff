import { queryOptions } from '@tanstack/react-query';
import type { SiteInfo } from '../../../../src/contracts/site.ts';
import { apiFetch } from '../../lib/api.ts';

export const siteInfoQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => apiFetch<SiteInfo>('/api/site'),
  staleTime: 5 * 60_000,
});
