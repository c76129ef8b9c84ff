/**
 * Which page views count, decided on the server (security review, finding 3). The browser's
 * once-per-browser marker (R-TRK-5) and its 60 s throttle (R-TRK-2) are claims a script repeats
 * at will: `firstVisit: true` 120 times a minute once added 120 unique visitors. So the server
 * also counts, per day, in the shared window counter (the rate-limit store: one count for every
 * app instance on the database, removed by TTL after the day):
 * - a visitor (client address + user agent, kept as a 53-bit hash, never the address itself)
 *   counts as a unique visitor — with its referrer and device — at most once a day;
 * - a network (an IPv4 address, an IPv6 /64) brings at most MAX_NEW_VISITORS_PER_NETWORK new
 *   visitors a day, so a script rotating its user agent gains a handful, not thousands;
 * - a visitor's view of a page counts at most once per 60 s window (R-TRK-2).
 * People sharing one address and the same browser build (an office) count as one visitor a day:
 * the price of not trusting the browser. Before issue 18 these tables were in memory per
 * instance, so N instances counted a visitor up to N times and allowed N times the network cap.
 */
import type { WindowCounter } from '../shared/window-counter.ts';
import { PAGE_VIEW_THROTTLE_MS } from './page-view.ts';

export const MAX_NEW_VISITORS_PER_NETWORK = 20;

export interface VisitRequest {
  /** The client's address as the server sees it (behind a trusted proxy, the forwarded one). */
  address: string;
  userAgent: string;
  page: string;
  /** The browser says it has no first-visit marker yet (R-TRK-5). */
  firstVisit: boolean;
  /** YYYY-MM-DD in the company time zone: the day the tables are for. */
  day: string;
  nowMs: number;
}

export interface VisitDecision {
  /** Count the view at all (totalVisits, pageViews, dailyStats). */
  view: boolean;
  /** Count a unique visitor, its referrer and its device. */
  visitor: boolean;
}

/** cyrb53: a fast 53-bit string hash; enough to tell visitors apart, not meant to be secret. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The network an address belongs to: the IPv4 address itself (IPv4-mapped too), else the IPv6 /64. */
export function networkOf(address: string): string {
  const a = address.trim().toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!a.includes(':')) return a;
  const [head = '', tail] = a.replace(/%.*$/, '').split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
}

/** Counts outlive their window by this much: a day in any time zone, and a margin. */
const DAY_KEEP_MS = 48 * 3_600_000;

export class VisitorGate {
  private readonly counter: WindowCounter;

  constructor(counter: WindowCounter) {
    this.counter = counter;
  }

  async decide(req: VisitRequest): Promise<VisitDecision> {
    const visitor = hash53(`${req.address}\n${req.userAgent}`);
    // The view counts in fixed 60 s windows: two views 60 s apart always count (as the browser's
    // throttle lets them), a script gets one per page per window.
    const window = Math.floor(req.nowMs / PAGE_VIEW_THROTTLE_MS);
    if ((await this.counter.hit(`view|${visitor}|${req.page}|${window}`, (window + 1) * PAGE_VIEW_THROTTLE_MS)) > 1) return { view: false, visitor: false };
    return { view: true, visitor: req.firstVisit && (await this.admitVisitor(visitor, hash53(networkOf(req.address)), req)) };
  }

  private async admitVisitor(visitor: number, network: number, req: VisitRequest): Promise<boolean> {
    const keep = req.nowMs + DAY_KEEP_MS;
    if ((await this.counter.hit(`visitor|${visitor}|${req.day}`, keep)) > 1) return false;
    return (await this.counter.hit(`network|${network}|${req.day}`, keep)) <= MAX_NEW_VISITORS_PER_NETWORK;
  }
}
