import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '#contracts/site.ts';
import { apiFetch } from '#lib/api.ts';
import { useHydratedData } from '#lib/hydration.ts';
import { setMoneySettings } from '#ui/money.ts';
import { setCompanyTimeZone } from '#ui/dates.ts';

export const siteInfoQuery = queryOptions({
  queryKey: ['site'],
  queryFn: async () => {
    const info = await apiFetch<SiteInfo>('/api/site');
    setMoneySettings(info.money);
    setCompanyTimeZone(info.timeZone);
    return info;
  },
  staleTime: 5 * 60_000,
});

/** Company name, phone, e-mail, address… (config, via /api/site); undefined until it arrives. */
export function useSiteInfo(): SiteInfo | undefined {
  return useHydratedData(useQuery(siteInfoQuery).data);
}
