import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aReviewRequest } from '../support/public-site-factories.ts';
import type { ReviewList, StaffReview, StaffReviewList } from '../../src/contracts/reviews.ts';

describe('reviews: leave, moderate, read', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await listenTestApp({ TRUST_PROXY: '127.0.0.1' });
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
  });
  afterAll(() => t.close());

  let ip = 0;
  const leave = async (body: object) => {
    const c = new TestClient(t.url);
    return c.send('POST', '/api/reviews', body, { 'x-forwarded-for': `192.0.2.${++ip % 250}` });
  };
  const leaveAndGetId = async (body: object) => ((await (await leave(body)).json()) as { id: string }).id;
  const publicList = async (query = '') => (await (await fetch(`${t.url}/api/reviews${query}`)).json()) as ReviewList;

  it('keeps a new review pending: it is not public and does not count in the average or the JSON-LD', async () => {
    const res = await leave(aReviewRequest({ rating: 1 }));
    expect(res.status).toBe(201);
    const { id, status } = (await res.json()) as { id: string; status: string };
    expect(status).toBe('pending');
    const list = await publicList();
    expect(list.reviews.map((r) => r.id)).not.toContain(id);
    expect(list.summary.count).toBe(0);
    expect(list.jsonLd['aggregateRating']).toBeUndefined();
    const pending = (await (await admin.get('/api/admin/reviews?status=pending')).json()) as StaffReviewList;
    expect(pending.reviews.map((r) => r.id)).toContain(id);
  });

  it('publishing makes a review public, newest first, with average, distribution and AggregateRating', async () => {
    const a = await leaveAndGetId(aReviewRequest({ rating: 5 }));
    const b = await leaveAndGetId(aReviewRequest({ rating: 4 }));
    expect((await admin.send('POST', `/api/admin/reviews/${a}/publish`)).status).toBe(200);
    expect((await admin.send('POST', `/api/admin/reviews/${b}/publish`)).status).toBe(200);
    const list = await publicList();
    expect(list.reviews.slice(0, 2).map((r) => r.id)).toEqual([b, a]);
    expect(list.summary).toEqual({ count: 2, average: 4.5, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } });
    expect(list.jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: t.config.company.name,
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
    });
  });

  it('rejects only for spam, abuse, off-topic or privacy — never for the rating', async () => {
    const id = await leaveAndGetId(aReviewRequest({ rating: 2 }));
    const byRating = await admin.send('POST', `/api/admin/reviews/${id}/reject`, { reason: 'rating' });
    expect(byRating.status).toBe(400);
    const ok = await admin.send('POST', `/api/admin/reviews/${id}/reject`, { reason: 'privacy' });
    expect(ok.status).toBe(200);
    expect((await ok.json()) as StaffReview).toMatchObject({ status: 'rejected', reason: 'privacy' });
    expect((await publicList()).reviews.map((r) => r.id)).not.toContain(id);
  });

  it("shows the owner's reply on the published review", async () => {
    const id = await leaveAndGetId(aReviewRequest({ rating: 3 }));
    await admin.send('POST', `/api/admin/reviews/${id}/publish`);
    const reply = await admin.send('PUT', `/api/admin/reviews/${id}/reply`, { text: 'Thanks — we have moved the motion sensor as promised.' });
    expect(reply.status).toBe(200);
    const shown = (await publicList()).reviews.find((r) => r.id === id);
    expect(shown?.ownerReply?.text).toBe('Thanks — we have moved the motion sensor as promised.');
  });

  it('pages published reviews newest first', async () => {
    for (let i = 0; i < 11; i++) await admin.send('POST', `/api/admin/reviews/${await leaveAndGetId(aReviewRequest({ rating: 5 }))}/publish`);
    const first = await publicList();
    expect(first.reviews).toHaveLength(10);
    expect(first.nextCursor).not.toBeNull();
    const second = await publicList(`?cursor=${encodeURIComponent(first.nextCursor!)}`);
    const seen = new Set([...first.reviews, ...second.reviews].map((r) => r.id));
    expect(seen.size).toBe(first.reviews.length + second.reviews.length);
    const times = [...first.reviews, ...second.reviews].map((r) => r.publishedAt!);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers bad input per field, and moderation is for administrators only', async () => {
    const bad = await leave({ authorName: '', rating: 9, text: 'meh' });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(error.fields).sort()).toEqual(['authorName', 'rating', 'text']);
    const id = await leaveAndGetId(aReviewRequest());
    const maria = new TestClient(t.url);
    await maria.signIn(DEMO.employee);
    expect((await maria.send('POST', `/api/admin/reviews/${id}/publish`)).status).toBe(403);
    expect((await maria.get('/api/admin/reviews')).status).toBe(403);
  });
});
