import { describe, expect, it } from 'vitest';
import { signedInApp } from '../support/signed-in-app.ts';
import { TestClient, expectJson } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import type { FeedStatusDto } from '../../src/contracts/jobs.ts';
import type { AuditListDto } from '../../src/contracts/audit.ts';

const MARIA_ID = 'emp-maria';

describe('calendar feeds of an employee who leaves (issue 15, finding 8)', () => {
  const app = signedInApp(DEMO.admin);

  it('deactivating an employee revokes their calendar feed; reactivating does not bring the old URL back', async () => {
    const maria = await TestClient.signedIn(app.t.url, DEMO.employee);
    const made = await expectJson<FeedStatusDto>(await maria.send('POST', '/api/jobs/calendar-feed'), 200);
    const calendarApp = new TestClient(app.t.url); // a phone calendar: no session, only the URL
    expect((await calendarApp.get(made.path!)).status).toBe(200);

    await expectJson(await app.client.send('POST', `/api/employees/${MARIA_ID}/deactivate`), 200);
    expect((await calendarApp.get(made.path!)).status).toBe(404);
    expect((await expectJson<FeedStatusDto>(await app.client.get(`/api/jobs/calendar-feeds/${MARIA_ID}`), 200)).active).toBe(false);

    await expectJson(await app.client.send('PATCH', `/api/employees/${MARIA_ID}`, { employmentStatus: 'active' }), 200);
    expect((await calendarApp.get(made.path!)).status).toBe(404);
    expect((await expectJson<FeedStatusDto>(await maria.get('/api/jobs/calendar-feed'), 200)).active).toBe(false);

    // Back at work, Maria makes a new one, and only the new one works.
    const fresh = await expectJson<FeedStatusDto>(await maria.send('POST', '/api/jobs/calendar-feed'), 200);
    expect((await calendarApp.get(fresh.path!)).status).toBe(200);
    expect((await calendarApp.get(made.path!)).status).toBe(404);
  });

  it('a status change away from active through the edit form (on leave) revokes the feed too, and the history says so', async () => {
    await app.client.send('PATCH', `/api/employees/${MARIA_ID}`, { employmentStatus: 'active' });
    const maria = await TestClient.signedIn(app.t.url, DEMO.employee);
    const made = await expectJson<FeedStatusDto>(await maria.send('POST', '/api/jobs/calendar-feed'), 200);
    const calendarApp = new TestClient(app.t.url);
    expect((await calendarApp.get(made.path!)).status).toBe(200);

    await expectJson(await app.client.send('PATCH', `/api/employees/${MARIA_ID}`, { employmentStatus: 'on-leave' }), 200);
    await expectJson(await app.client.send('PATCH', `/api/employees/${MARIA_ID}`, { employmentStatus: 'active' }), 200);
    expect((await calendarApp.get(made.path!)).status).toBe(404);
    // The employee's history names it beside the status change.
    const history = await expectJson<AuditListDto>(await app.client.get(`/api/employees/${MARIA_ID}/audit`), 200);
    const leave = history.entries.find((e) => e.changes.some((c) => c.field === 'employmentStatus' && c.to === 'on-leave'));
    expect(leave?.changes).toContainEqual({ field: 'calendarFeed', from: 'active', to: 'revoked' });
  });
});
