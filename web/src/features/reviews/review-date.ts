const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A review's date as en-US "medium" ("Nov 22, 2026") in the visitor's time zone, like
 * Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }) — without it: building the first Intl
 * formatter loads locale data, a long task on a phone while the reviews page starts.
 */
export function formatReviewDate(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}
