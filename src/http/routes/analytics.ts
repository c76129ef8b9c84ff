import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { ADMIN_ONLY, PUBLIC } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { pageViewRequestSchema, siteStatsSchema, type SiteStatsDto } from '../../contracts/analytics.ts';
import { topPages, type SiteStats } from '../../domain/analytics/site-stats.ts';
import { isPublicPage } from '../../domain/analytics/page-key.ts';
import type { AnalyticsDeps } from '../../application/analytics/analytics-deps.ts';
import { recordPageView } from '../../application/analytics/record-page-view.ts';
import { readSiteStats } from '../../application/analytics/read-site-stats.ts';
import { watchSiteStats } from '../../application/analytics/watch-site-stats.ts';

/** Pushes at most one stats event per this many ms to each listener; busy sites coalesce. */
const STREAM_COALESCE_MS = 250;
/** A comment line keeps proxies from closing an idle stream. */
const STREAM_HEARTBEAT_MS = 25_000;

const toDto = (stats: SiteStats): SiteStatsDto => ({
    totalVisits: stats.totalVisits ?? 0,
    uniqueVisitors: stats.uniqueVisitors ?? 0,
    pageViews: stats.pageViews ?? {},
    dailyStats: stats.dailyStats ?? {},
    referrers: stats.referrers ?? {},
    deviceTypes: { mobile: stats.deviceTypes?.mobile ?? 0, desktop: stats.deviceTypes?.desktop ?? 0 },
    lastUpdated: stats.lastUpdated,
    // Keys counted before only public pages were (staff screens, one per client) stay out of the list.
    topPages: topPages(Object.fromEntries(Object.entries(stats.pageViews ?? {}).filter(([page]) => isPublicPage(page)))),
});

/**
 * Page-view tracking (R-TRK-6, public) and the admin panel's statistics: read once
 * (R-TRK-8) or listened to live over Server-Sent Events from the store's subscribeDoc (R-TRK-9).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, deps) => {
  app.post(
    '/api/analytics/page-view',
    {
      config: { access: PUBLIC, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { body: pageViewRequestSchema, response: { 204: z.null(), 400: apiErrorSchema } },
    },
    async (req, reply) => {
      await recordPageView(deps, {
        page: req.body.page,
        referrer: req.body.referrer ?? null,
        firstVisit: req.body.firstVisit,
        userAgent: req.headers['user-agent'],
        maxTouchPoints: req.body.maxTouchPoints,
        siteHost: req.host,
        address: req.ip,
      });
      return reply.status(204).send(null);
    },
  );

  app.get('/api/admin/analytics', { config: { access: ADMIN_ONLY }, schema: { response: { 200: siteStatsSchema } } }, async (req) =>
    toDto(await readSiteStats(deps, req.auth)),
  );

  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
  });

  app.get('/api/admin/analytics/stream', { config: { access: ADMIN_ONLY, liveStream: true } }, (req, reply) => {
    const res = reply.raw;
    let latest: SiteStats | null = null;
    let timer: NodeJS.Timeout | null = null;
    const flush = () => {
      timer = null;
      if (latest) res.write(`event: stats\ndata: ${JSON.stringify(toDto(latest))}\n\n`);
    };
    // Subscribed (and the caller's access checked) before the response is taken over; the first
    // push is coalesced like the rest, so it is written after the headers below.
    const unsubscribe = watchSiteStats(deps, req.auth, {
      next: (stats) => {
        latest = stats;
        timer ??= setTimeout(flush, STREAM_COALESCE_MS);
      },
      error: (err) => {
        req.log.error({ err }, 'analytics stream failed');
        res.end();
      },
    });
    // The stream is written by hand: no serializer, no compression, nothing buffered.
    reply.hijack();
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // nginx and friends: do not buffer this response.
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    streams.add(res);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), STREAM_HEARTBEAT_MS);
    res.on('close', () => {
      streams.delete(res);
      unsubscribe();
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
    });
  });
};
