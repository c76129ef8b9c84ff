import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteStatsDto } from '#contracts/analytics.ts';
import { openLiveStream } from '#lib/live-stream.ts';
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

  useEffect(
    () =>
      openLiveStream({
        url: '/api/admin/analytics/stream',
        proofMs: FIRST_EVENT_TIMEOUT_MS,
        handlers: {
          stats: (e) => {
            setMode('live');
            client.setQueryData(siteStatsQuery.queryKey, JSON.parse(e.data) as SiteStatsDto);
          },
        },
        onFallback: () => setMode('polling'),
      }),
    [client],
  );

  return { ...query, mode };
}
