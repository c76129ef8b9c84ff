import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aContactRequest } from '../support/factories.ts';
import { aQuoteForm, aReviewRequest, quoteFormData } from '../support/public-site-factories.ts';
import type { InboxList, InboxMessage } from '../../src/contracts/support.ts';
import type { BackOfficeCounts } from '../../src/contracts/analytics.ts';

describe('support requests, the staff inbox and the waiting counts', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await listenTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('a support request lands in the inbox as kind support next to contact messages; staff filter and mark it answered', async () => {
    const visitor = new TestClient(t.url);
    const support = await visitor.send('POST', '/api/support', { name: 'Lee Carter', email: 'lee@example.com', topic: 'alarm', message: 'Keypad shows a trouble light since the storm.' });
    expect(support.status).toBe(201);
    const { id } = (await support.json()) as { id: string };
    expect((await visitor.send('POST', '/api/contact', aContactRequest())).status).toBe(201);

    const maria = new TestClient(t.url);
    await maria.signIn(DEMO.employee);
    const supportOnly = (await (await maria.get('/api/admin/messages?kind=support')).json()) as InboxList;
    expect(supportOnly.messages.map((m) => m.id)).toEqual([id]);
    expect(supportOnly.messages[0]).toMatchObject({ kind: 'support', subject: 'Alarm system', status: 'new' });
    const all = (await (await maria.get('/api/admin/messages')).json()) as InboxList;
    expect(all.messages.map((m) => m.kind).sort()).toEqual(['contact', 'support']);

    // Viewing is viewClients; changing a message's status needs editClients, which Maria lacks.
    expect((await maria.send('PATCH', `/api/admin/messages/${id}`, { status: 'answered' })).status).toBe(403);
    const admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
    const answered = await admin.send('PATCH', `/api/admin/messages/${id}`, { status: 'answered' });
    expect(((await answered.json()) as InboxMessage).status).toBe('answered');
    const unread = (await (await maria.get('/api/admin/messages?status=new')).json()) as InboxList;
    expect(unread.messages.map((m) => m.id)).not.toContain(id);
  });

  it('counts new leads, pending reviews and unread messages for the admin panel', async () => {
    const admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
    const before = (await (await admin.get('/api/admin/counts')).json()) as BackOfficeCounts;
    const v = new TestClient(t.url);
    await v.raw('/api/quotes', { method: 'POST', headers: { origin: t.url, 'x-csrf-token': await v.csrfToken() }, body: quoteFormData(aQuoteForm()) });
    await v.send('POST', '/api/reviews', aReviewRequest());
    await v.send('POST', '/api/contact', aContactRequest());
    const after = (await (await admin.get('/api/admin/counts')).json()) as BackOfficeCounts;
    expect(after).toEqual({ newLeads: before.newLeads + 1, pendingReviews: before.pendingReviews + 1, unreadMessages: before.unreadMessages + 1 });
  });

  it('keeps the inbox from visitors and non-staff', async () => {
    const c = new TestClient(t.url);
    expect((await c.get('/api/admin/messages')).status).toBe(401);
    await c.signIn(DEMO.other);
    expect((await c.get('/api/admin/messages')).status).toBe(403);
    expect((await c.get('/api/admin/counts')).status).toBe(403);
  });
});
