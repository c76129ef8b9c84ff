import type { QUOTE_SERVICES } from "#contracts/public-site-values.ts";

/**
 * Service names shown next to a published review. The same labels as the contract's
 * REVIEW_SERVICE_OPTIONS, kept here because src/contracts/reviews.ts pulls in zod, which the
 * reviews page must not load before the visitor uses its form.
 */
const LABELS = {
  alarm: "Alarm system",
  cameras: "Security cameras",
  prewire: "New-home prewire",
  "panel-upgrade": "Panel upgrade",
  consultation: "Security consultation",
} as const satisfies Record<(typeof QUOTE_SERVICES)[number], string>;

export const reviewServiceLabel = (s: string | null): string | null =>
  s !== null && Object.hasOwn(LABELS, s)
    ? LABELS[s as keyof typeof LABELS]
    : null;
