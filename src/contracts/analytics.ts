import { z } from 'zod';

/** One page view from the SPA (R-TRK-1, R-TRK-5). The server picks the date and device type. */
export const pageViewRequestSchema = z
  .object({
    page: z.string().min(1).max(1000),
    referrer: z.string().max(2000).nullable().optional(),
    /** No once-per-browser marker yet: count referrer, device and a unique visitor. */
    firstVisit: z.boolean(),
    maxTouchPoints: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
export type PageViewRequest = z.infer<typeof pageViewRequestSchema>;

const countMap = z.record(z.string(), z.number());

export const siteStatsSchema = z.object({
  totalVisits: z.number(),
  uniqueVisitors: z.number(),
  pageViews: countMap,
  dailyStats: countMap,
  referrers: countMap,
  deviceTypes: z.object({ mobile: z.number(), desktop: z.number() }),
  lastUpdated: z.string(),
  topPages: z.array(z.object({ page: z.string(), views: z.number() })),
});
export type SiteStatsDto = z.infer<typeof siteStatsSchema>;

export const backOfficeCountsSchema = z.object({
  newLeads: z.number().int(),
  pendingReviews: z.number().int(),
  unreadMessages: z.number().int(),
});
export type BackOfficeCounts = z.infer<typeof backOfficeCountsSchema>;
