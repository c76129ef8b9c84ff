import { describe, expect, it } from 'vitest';
import { cappedReferrerKey, MAX_REFERRER_KEYS, OTHER_REFERRER } from '../../../src/domain/analytics/page-key.ts';
import { boundedMaps, capReferrerIncrements, initialStats } from '../../../src/domain/analytics/site-stats.ts';
import { MAX_NEW_VISITORS_PER_NETWORK, networkOf, VisitorGate, type VisitRequest } from '../../../src/domain/analytics/visitor-gate.ts';

const sites = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `site-${from + i}_example`);

describe('the referrer cap', () => {
  it(`keeps the first ${MAX_REFERRER_KEYS} sites and 'direct', and counts any further site as 'other'`, () => {
    const full = new Set([...sites(MAX_REFERRER_KEYS), 'direct', OTHER_REFERRER]);
    expect(cappedReferrerKey('site-3_example', full)).toBe('site-3_example');
    expect(cappedReferrerKey('direct', full)).toBe('direct');
    expect(cappedReferrerKey('new_example', full)).toBe(OTHER_REFERRER);
    expect(cappedReferrerKey('new_example', new Set(sites(MAX_REFERRER_KEYS - 1)))).toBe('new_example');
  });

  it('a batch of new sites cannot pass the cap together', () => {
    const known = new Set(sites(MAX_REFERRER_KEYS - 1));
    const out = capReferrerIncrements({ totalVisits: 3, 'referrers.a_example': 1, 'referrers.b_example': 1, 'referrers.c_example': 1 }, known);
    expect(out).toEqual({ totalVisits: 3, 'referrers.a_example': 1, [`referrers.${OTHER_REFERRER}`]: 2 });
  });

  it('brings a record from before the caps within them: staff and junk page keys dropped, the most counted sites kept, the rest summed as other', () => {
    const referrers = Object.fromEntries([...sites(MAX_REFERRER_KEYS + 20).map((k, i) => [k, i + 1]), ['direct', 7], [OTHER_REFERRER, 5]]);
    const stats = { ...initialStats(new Date()), pageViews: { home: 4, 'admin/clients/3f2a': 2, junk: 1 }, referrers };
    const bounded = boundedMaps(stats)!;
    expect(bounded.pageViews).toEqual({ home: 4 });
    expect(Object.keys(bounded.referrers)).toHaveLength(MAX_REFERRER_KEYS + 2);
    expect(bounded.referrers['site-0_example']).toBeUndefined();
    expect(bounded.referrers[`site-${MAX_REFERRER_KEYS + 19}_example`]).toBe(MAX_REFERRER_KEYS + 20);
    expect(bounded.referrers['direct']).toBe(7);
    // 1 + 2 + … + 20 dropped, plus the 5 already under other: nothing lost.
    expect(bounded.referrers[OTHER_REFERRER]).toBe(210 + 5);
    expect(boundedMaps({ ...stats, ...bounded })).toBeNull();
  });
});

/** The window counter as one process would keep it; the store's (shared by instances) is tested in test/api/multi-instance.test.ts. */
const counterInMemory = () => {
  const counts = new Map<string, number>();
  return { hit: async (key: string) => { counts.set(key, (counts.get(key) ?? 0) + 1); return counts.get(key)!; } };
};

describe('VisitorGate', () => {
  const req = (over: Partial<VisitRequest> = {}): VisitRequest => ({ address: '203.0.113.9', userAgent: 'Firefox', page: 'home', firstVisit: true, day: '2026-11-26', nowMs: 1_000_000, ...over });

  it('[R-TRK-5] counts a visitor once a day however often the browser claims a first visit', async () => {
    const gate = new VisitorGate(counterInMemory());
    expect(await gate.decide(req())).toEqual({ view: true, visitor: true });
    expect(await gate.decide(req({ page: 'services' }))).toEqual({ view: true, visitor: false });
    expect(await gate.decide(req({ page: 'quote', nowMs: 5_000_000 }))).toEqual({ view: true, visitor: false });
    expect(await gate.decide(req({ day: '2026-11-27', nowMs: 90_000_000 }))).toEqual({ view: true, visitor: true });
    expect(await gate.decide(req({ address: '203.0.113.10', firstVisit: false, page: 'contact' }))).toEqual({ view: true, visitor: false });
  });

  it('[R-TRK-2] counts a visitor’s view of a page once per 60 s window on the server too; views 60 s apart always count', async () => {
    const gate = new VisitorGate(counterInMemory());
    expect((await gate.decide(req({ nowMs: 960_000 }))).view).toBe(true);
    expect((await gate.decide(req({ nowMs: 1_019_999 }))).view).toBe(false);
    expect((await gate.decide(req({ nowMs: 1_020_000 }))).view).toBe(true);
    expect((await gate.decide(req({ nowMs: 1_079_000, page: 'quote' }))).view).toBe(true);
    expect((await gate.decide(req({ nowMs: 1_139_000, page: 'quote' }))).view).toBe(true);
    // A clock that moved back does not block.
    expect((await gate.decide(req({ nowMs: 500 }))).view).toBe(true);
  });

  it(`lets one network bring at most ${MAX_NEW_VISITORS_PER_NETWORK} new visitors a day, an IPv6 /64 being one network`, async () => {
    const gate = new VisitorGate(counterInMemory());
    const decisions = [];
    for (let i = 0; i < 50; i++) decisions.push(await gate.decide(req({ address: `2001:db8:1:2::${i.toString(16)}`, userAgent: `Bot/${i}` })));
    expect(decisions.filter((d) => d.visitor)).toHaveLength(MAX_NEW_VISITORS_PER_NETWORK);
    expect((await gate.decide(req({ address: '2001:db8:1:3::1' }))).visitor).toBe(true);
    expect(networkOf('2001:0db8:0001:0002:abcd::1')).toBe(networkOf('2001:db8:1:2::ffff'));
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });
});
