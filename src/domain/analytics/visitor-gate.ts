/**
 * Which page views count, decided on the server (security review, finding 3). The browser's
 * once-per-browser marker (R-TRK-5) and its 60 s throttle (R-TRK-2) are claims a script repeats
 * at will: `firstVisit: true` 120 times a minute once added 120 unique visitors. So the server
 * also keeps, for the current day and in memory only:
 * - a visitor (client address + user agent, kept as a 53-bit hash, never the address itself)
 *   counts as a unique visitor — with its referrer and device — at most once a day;
 * - a network (an IPv4 address, an IPv6 /64) brings at most MAX_NEW_VISITORS_PER_NETWORK new
 *   visitors a day, so a script rotating its user agent gains a handful, not thousands;
 * - a visitor's view of a page counts at most once per PAGE_VIEW_THROTTLE_MS (R-TRK-2).
 * Each table holds at most MAX_TRACKED entries; when a flood from many addresses fills one,
 * further new visitors and views are not counted (closed, not open). A restart forgets the day,
 * so a visitor may count once more after it. People sharing one address and the same browser
 * build (an office) count as one visitor a day: the price of not trusting the browser.
 */
import { PAGE_VIEW_THROTTLE_MS } from './page-view.ts';

export const MAX_NEW_VISITORS_PER_NETWORK = 20;
export const MAX_TRACKED = 100_000;

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

export class VisitorGate {
  private day = '';
  /** Visitors counted today. */
  private readonly visitors = new Set<number>();
  /** New visitors per network today. */
  private readonly networks = new Map<number, number>();
  /** When each visitor's view of a page last counted; oldest first (re-inserted on update). */
  private readonly lastViews = new Map<number, number>();

  decide(req: VisitRequest): VisitDecision {
    if (req.day !== this.day) {
      this.day = req.day;
      this.visitors.clear();
      this.networks.clear();
    }
    const visitor = hash53(`${req.address}\n${req.userAgent}`);
    if (!this.admitView(hash53(`${visitor}\n${req.page}`), req.nowMs)) return { view: false, visitor: false };
    return { view: true, visitor: req.firstVisit && this.admitVisitor(visitor, hash53(networkOf(req.address))) };
  }

  private admitView(key: number, nowMs: number): boolean {
    const last = this.lastViews.get(key);
    // A time from the future (the clock moved back) does not block, as in the browser (R-TRK-2).
    if (last !== undefined && nowMs >= last && nowMs - last < PAGE_VIEW_THROTTLE_MS) return false;
    for (const [k, at] of this.lastViews) {
      if (this.lastViews.size < MAX_TRACKED || nowMs - at < PAGE_VIEW_THROTTLE_MS) break;
      this.lastViews.delete(k);
    }
    if (last === undefined && this.lastViews.size >= MAX_TRACKED) return false;
    this.lastViews.delete(key);
    this.lastViews.set(key, nowMs);
    return true;
  }

  private admitVisitor(visitor: number, network: number): boolean {
    if (this.visitors.has(visitor) || this.visitors.size >= MAX_TRACKED) return false;
    const fromNetwork = this.networks.get(network) ?? 0;
    if (fromNetwork >= MAX_NEW_VISITORS_PER_NETWORK || (fromNetwork === 0 && this.networks.size >= MAX_TRACKED)) return false;
    this.networks.set(network, fromNetwork + 1);
    this.visitors.add(visitor);
    return true;
  }
}
