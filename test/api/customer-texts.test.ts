import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient, expectJson } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { startSmtpPeer, subjectOf, textOf, type SmtpPeer } from '../support/smtp-peer.ts';
import { startTwilioPeer, type TwilioPeer } from '../support/twilio-peer.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { TOKENS } from '../../src/container.ts';
import { runVisitReminders } from '../../src/application/notifications/visit-reminders.ts';
import { phoneProblem } from '../../src/contracts/form-fields.ts';
import type { ApiError } from '../../src/contracts/errors.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { JobDto } from '../../src/contracts/jobs.ts';

/**
 * Customer texts over HTTP with the Twilio loopback peer and a real SMTP peer, in a company that
 * texts in the UK (SMS_COUNTRY_CODE=44): numbers typed the national way go out in E.164; a
 * number a text cannot reach is told to the office once, however many messages would have gone.
 */
describe('customer texts', () => {
  let smtp: SmtpPeer;
  let twilio: TwilioPeer;
  let app: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    twilio = await startTwilioPeer();
    app = await listenTestApp({ SMTP_URL: smtp.url, TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: '+442079460000', TWILIO_API_URL: twilio.url, SMS_COUNTRY_CODE: '44' });
    admin = await TestClient.signedIn(app.url, DEMO.admin);
    maria = await TestClient.signedIn(app.url, DEMO.employee);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await twilio?.close();
  });

  const aClientWithPhone = async (name: string, phone: string): Promise<ClientView> => {
    const input = aClientInput({ name, sites: [aSiteInput()] });
    input.contacts = [{ ...input.contacts![0]!, name, phones: [phone] }];
    return expectJson<ClientView>(await admin.send('POST', '/api/clients', input), 201);
  };
  const aVisitTomorrow = async (client: ClientView, title: string, hoursAhead = 26): Promise<JobDto> => {
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'service', title }), 201);
    const start = new Date(Date.now() + hoursAhead * 3600_000);
    start.setUTCMinutes(0, 0, 0);
    await expectJson(await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window: { start: start.toISOString(), end: new Date(start.getTime() + 3600_000).toISOString() }, assignees: ['emp-maria'] }), 200);
    return job;
  };
  /** A visit under way now, Maria's: "On my way" is hers to tap, on the visit's day. */
  const aVisitNow = async (client: ClientView, title: string): Promise<JobDto> => {
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'service', title }), 201);
    const window = { start: new Date(Date.now() - 1_800_000).toISOString(), end: new Date(Date.now() + 5_400_000).toISOString() };
    await expectJson(await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window, assignees: ['emp-maria'] }), 200);
    return job;
  };

  it('a number typed the national way is texted in E.164 with the configured country code', async () => {
    const client = await aClientWithPhone('Imogen Hartley-Whitcombe', '020 7946 0958');
    const job = await aVisitNow(client, 'Replace the motion sensor in the conservatory');
    expect((await maria.send('POST', `/api/jobs/${job.id}/on-my-way`)).status).toBe(200);
    await expect.poll(() => twilio.received.filter((s) => s.to === '+442079460958').length, { timeout: 10_000 }).toBe(1);
    expect(twilio.received.find((s) => s.to === '+442079460958')!.body).toContain(`${app.config.company.name}: `);
  });

  it("a phone that cannot take texts (an extension: a switchboard) gets no text, and the office is told once, not per message", async () => {
    const phone = '020 7946 0100 ext 214';
    const client = await aClientWithPhone('Bartholomew Featherstonehaugh Holdings', phone);
    const first = await aVisitNow(client, 'Annual alarm service');
    const second = await aVisitNow(client, 'Camera check');
    await aVisitTomorrow(client, 'Keypad battery swap');
    const sent = twilio.received.length;
    for (const job of [first, second]) expect((await maria.send('POST', `/api/jobs/${job.id}/on-my-way`)).status).toBe(200);
    const deps = app.container.resolve(TOKENS.NotificationDeps);
    await runVisitReminders(deps, new Date(Date.now() + 2 * 3600_000));
    await app.container.resolve(TOKENS.Outbox).settle();
    // (the reminder job also reminds the first test's customer, whose number can take texts)
    expect(twilio.received.slice(sent).filter((s) => s.to !== '+442079460958')).toEqual([]);
    expect(twilio.received.filter((s) => s.to === '+442079460100')).toEqual([]);

    const notices = (await deps.notifications.latest(200)).filter((n) => n.kind === 'phone-cannot-text');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: `Texts cannot reach ${client.name}: ${phone}`, record: { kind: 'client', id: client.id, label: client.name } });
    const office = smtp.received.filter((m) => m.to.includes(app.config.company.email) && subjectOf(m).startsWith('Texts cannot reach'));
    expect(office).toHaveLength(1);
    expect(textOf(office[0]!)).toContain(`Open it: ${app.url}/admin/clients/${client.id}`);
    expect(textOf(office[0]!)).toContain(`${phone} has an extension`);
    // The customer still hears by e-mail.
    const email = client.contacts[0]!.emails[0]!;
    expect(smtp.received.filter((m) => m.to.includes(email)).length).toBeGreaterThanOrEqual(2);
  });

  it("the office's client form refuses a phone that is not a number, naming the field and what to type; nothing is saved", async () => {
    const before = await expectJson<{ items: unknown[] }>(await admin.get('/api/clients?q=Cassandra'), 200);
    const input = aClientInput({ name: 'Cassandra Not-A-Number' });
    input.contacts = [{ ...input.contacts![0]!, phones: ['call the office'] }];
    const err = await expectJson<ApiError>(await admin.send('POST', '/api/clients', input), 400);
    expect(Object.values(err.error.fields ?? {}).flat()).toContain(phoneProblem('Phone', 'call the office'));
    expect(phoneProblem('Phone', 'call the office')).toMatch(/^Phone: .*such as \(555\) 010-2000/);
    expect((await expectJson<{ items: unknown[] }>(await admin.get('/api/clients?q=Cassandra'), 200)).items).toHaveLength(before.items.length);
  });
});
