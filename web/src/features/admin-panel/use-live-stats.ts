import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteStatsDto } from '../../../../src/contracts/analytics.ts';
import { siteStatsQuery } from './queries.ts';

/** Poll this often when the event stream does not get through (a buffering proxy, no EventSource). */
const FALLBACK_POLL_MS = 15_000;
/** A stream that delivered nothing this long after opening is treated as buffered. */
const FIRST_EVENT_TIMEOUT_MS = 5_000;

/**
 * R-TRK-9: the statistics, kept current by the server's event stream; when the stream gives no
 * event in time or fails, falls back to polling so the panel still updates without a reload.
 */
export function useLiveStats() {
  const client = useQueryClient();
  const [mode, setMode] = useState<'connecting' | 'live' | 'polling'>(() => (typeof EventSource === 'undefined' ? 'polling' : 'connecting'));
  const query = useQuery({ ...siteStatsQuery, refetchInterval: mode === 'polling' ? FALLBACK_POLL_MS : false });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/analytics/stream');
    let gotEvent = false;
    const fallback = () => {
      source.close();
      setMode('polling');
    };
    const timer = setTimeout(() => {
      if (!gotEvent) fallback();
    }, FIRST_EVENT_TIMEOUT_MS);
    source.addEventListener('stats', (e) => {
      gotEvent = true;
      setMode('live');
      client.setQueryData(siteStatsQuery.queryKey, JSON.parse((e as MessageEvent<string>).data) as SiteStatsDto);
    });
    source.onerror = () => {
      // EventSource reconnects by itself after a dropped stream; give up only if it never worked.
      if (!gotEvent) fallback();
    };
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [client]);

  return { ...query, mode };
}
