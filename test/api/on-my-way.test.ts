import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { startSmtpPeer, subjectOf, type SmtpPeer } from '../support/smtp-peer.ts';
import { aPngOf } from '../support/image-factories.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { TOKENS } from '../../src/container.ts';
import { dateKey, formatCalendarDay } from '../../src/domain/shared/calendar-date.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { JobDto, JobViewResponse, MyJobsResponse, OnMyWayResponse } from '../../src/contracts/jobs.ts';

const MARIA = 'emp-maria';
const errorOf = async (r: Response) => ((await r.json()) as { error: { message: string } }).error.message;
const png = async () => `data:image/png;base64,${Buffer.from(await aPngOf(60, 20)).toString('base64')}`;

/**
 * "On my way" and the technician's day over HTTP, on a real SQLite file, mail to a real SMTP peer:
 * who may tap it and when, once per visit, what the job's history says.
 */
describe('POST /api/jobs/:id/on-my-way', () => {
  let smtp: SmtpPeer;
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let client: ClientView;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await listenTestApp({ SMTP_URL: smtp.url });
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    maria = await TestClient.signedIn(t.url, DEMO.employee);
    client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ name: 'Bartholomew Onmyway-Fitzgerald', sites: [aSiteInput()] })), 201);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A service visit with `assignees`, its window `fromHours`..`toHours` from now. */
  const aVisit = async (assignees: string[], fromHours = -0.5, toHours = 1.5) => {
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'service', title: 'Keypad swap' }), 201);
    const window = { start: new Date(Date.now() + fromHours * 3_600_000).toISOString(), end: new Date(Date.now() + toHours * 3_600_000).toISOString() };
    await expectJson(await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window, assignees }), 200);
    return job;
  };
  const email = () => client.contacts[0]!.emails[0]!;
  const onTheWayMails = () => smtp.received.filter((m) => m.to.includes(email()) && subjectOf(m).includes('on the way'));
  const settled = () =>
    expect.poll(async () => (await t.container.resolve(TOKENS.Outbox).list(500)).filter((m) => m.status === 'queued' || m.status === 'sending').length, { timeout: 15_000 }).toBe(0);

  it('the assigned technician, on the visit day: the customer is told once; a second tap says when and sends nothing; the history has one entry', async () => {
    const job = await aVisit([MARIA]);
    const first = await expectJson<OnMyWayResponse>(await maria.send('POST', `/api/jobs/${job.id}/on-my-way`), 200);
    expect(first).toMatchObject({ jobId: job.id, sent: true, clientName: 'Bartholomew Onmyway-Fitzgerald', onMyWay: { employeeId: MARIA, by: 'Maria Lopez' } });
    const again = await expectJson<OnMyWayResponse>(await maria.send('POST', `/api/jobs/${job.id}/on-my-way`), 200);
    expect(again).toEqual({ ...first, sent: false });
    await settled();
    await expect.poll(() => onTheWayMails().length, { timeout: 10_000 }).toBe(1);

    const view = await expectJson<JobViewResponse>(await maria.get(`/api/jobs/${job.id}`), 200);
    expect(view.job.onMyWay).toEqual(first.onMyWay);
    expect(view.assignedToYou).toBe(true);
    const told = view.history.filter((h) => h.action === 'on-my-way');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ actorName: 'Maria Lopez', changes: [{ field: 'onMyWay', from: null, to: first.onMyWay.at }] });
  });

  it('someone not assigned (the office, or a technician on another visit) is refused with 409 saying so; nothing is sent or stored', async () => {
    const job = await aVisit([]);
    const before = onTheWayMails().length;
    for (const who of [admin, maria]) {
      const r = await who.send('POST', `/api/jobs/${job.id}/on-my-way`);
      expect(r.status).toBe(409);
      expect(await errorOf(r)).toBe(`You are not assigned to ${job.number}: only a technician on the visit can tell the customer they are on the way.`);
    }
    const view = await expectJson<JobViewResponse>(await admin.get(`/api/jobs/${job.id}`), 200);
    expect(view.job.onMyWay).toBeNull();
    expect(view.assignedToYou).toBe(false);
    expect(view.history.map((h) => h.action)).not.toContain('on-my-way');
    await settled();
    expect(onTheWayMails()).toHaveLength(before);
  });

  it('on another day than the visit: 409 naming the visit day; rescheduling onto today lets it through', async () => {
    const job = await aVisit([MARIA], 48, 50);
    const r = await maria.send('POST', `/api/jobs/${job.id}/on-my-way`);
    expect(r.status).toBe(409);
    const day = formatCalendarDay(dateKey(new Date(Date.now() + 48 * 3_600_000), t.config.timeZone), 'en-US', 'words');
    expect(await errorOf(r)).toBe(`${job.number}'s visit is on ${day}: "On my way" can be sent on the day of the visit.`);
    expect((await expectJson<JobViewResponse>(await maria.get(`/api/jobs/${job.id}`), 200)).job.onMyWay).toBeNull();
    const now = Date.now();
    await expectJson(await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window: { start: new Date(now - 600_000).toISOString(), end: new Date(now + 3_600_000).toISOString() } }), 200);
    expect(await expectJson<OnMyWayResponse>(await maria.send('POST', `/api/jobs/${job.id}/on-my-way`), 200)).toMatchObject({ sent: true });
  });
});

describe("the technician's day: checklist, sign-off, dashboard", () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let client: ClientView;

  beforeAll(async () => {
    t = await listenTestApp();
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    maria = await TestClient.signedIn(t.url, DEMO.employee);
    client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ name: 'Day Client', sites: [aSiteInput()] })), 201);
  });
  afterAll(() => t?.close());

  const aJobToday = async (type: string, checklist: string[] = []) => {
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type, title: `A ${type} today`, checklist }), 201);
    const now = Date.now();
    await expectJson(await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window: { start: new Date(now - 600_000).toISOString(), end: new Date(now + 3_600_000).toISOString() }, assignees: [MARIA] }), 200);
    return job;
  };

  it('unticking an item is its own history entry ("checklist-untick"), not a second "tick"', async () => {
    const job = await aJobToday('service', ['Test siren']);
    const item = job.checklist[0]!.id;
    await expectJson(await maria.send('POST', `/api/jobs/${job.id}/checklist`, { action: 'tick', itemId: item, done: true }), 200);
    await expectJson(await maria.send('POST', `/api/jobs/${job.id}/checklist`, { action: 'tick', itemId: item, done: false }), 200);
    const view = await expectJson<JobViewResponse>(await maria.get(`/api/jobs/${job.id}`), 200);
    expect(view.history.filter((h) => h.action.startsWith('checklist')).map((h) => [h.action, h.changes[0]!.to])).toEqual(
      expect.arrayContaining([
        ['checklist-tick', true],
        ['checklist-untick', false],
      ]),
    );
  });

  it('a signed job keeps its signature unless it is replaced on purpose; the replacement is audited with both names', async () => {
    const job = await aJobToday('install');
    await expectJson(await maria.send('POST', `/api/jobs/${job.id}/status`, { status: 'in-progress' }), 200);
    await expectJson(await maria.send('POST', `/api/jobs/${job.id}/sign-off`, { name: 'Ada Client', signature: await png() }), 200);
    const silent = await maria.send('POST', `/api/jobs/${job.id}/sign-off`, { name: 'Bob Other', signature: await png() });
    expect(silent.status).toBe(409);
    expect(await errorOf(silent)).toBe(`${job.number} is already signed by Ada Client. Choose "Replace signature" to record a new one.`);
    expect((await expectJson<JobViewResponse>(await maria.get(`/api/jobs/${job.id}`), 200)).job.signOff?.name).toBe('Ada Client');
    const replaced = await expectJson<JobDto>(await maria.send('POST', `/api/jobs/${job.id}/sign-off`, { name: 'Bob Other', signature: await png(), replace: true }), 200);
    expect(replaced.signOff?.name).toBe('Bob Other');
    const view = await expectJson<JobViewResponse>(await admin.get(`/api/jobs/${job.id}`), 200);
    expect(view.history.find((h) => h.action === 'sign-off-replaced')?.changes).toEqual([{ field: 'signOff', from: 'Ada Client', to: 'Bob Other' }]);
    expect((await admin.get(`/api/jobs/${job.id}/signature`)).status).toBe(200);
  });

  it('a visit completed today stays under Today on the dashboard, as completed', async () => {
    const job = await aJobToday('service');
    await expectJson(await maria.send('POST', `/api/jobs/${job.id}/status`, { status: 'in-progress' }), 200);
    await expectJson(await maria.send('POST', `/api/jobs/${job.id}/status`, { status: 'completed' }), 200);
    const mine = await expectJson<MyJobsResponse>(await maria.get('/api/jobs/mine'), 200);
    expect(mine.today.find((j) => j.id === job.id)?.status).toBe('completed');
  });
});
