import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient, expectJson } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { startSmtpPeer, textOf, type ReceivedMail, type SmtpPeer } from '../support/smtp-peer.ts';
import { startTwilioPeer, type TwilioPeer } from '../support/twilio-peer.ts';
import { tempDir } from '../support/temp-dir.ts';
import { aContactRequest } from '../support/factories.ts';
import { aQuoteForm, quoteFormData } from '../support/public-site-factories.ts';
import { aProposalRequest, SIGNED } from '../support/proposal-doubles.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { TOKENS, type AppContainer } from '../../src/container.ts';
import type { NotificationEvent } from '../../src/domain/notifications/notification-event.ts';
import { runVisitReminders } from '../../src/application/notifications/visit-reminders.ts';
import type { NotificationListDto } from '../../src/contracts/notifications.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { ProposalDto } from '../../src/contracts/proposals.ts';
import type { InvoiceDto } from '../../src/contracts/invoices.ts';
import type { JobDto } from '../../src/contracts/jobs.ts';
import { recordHref } from '../../src/contracts/record-href.ts';

const FROM = '+15550100999';

/** The Subject header as a person reads it: folded lines joined, MIME encoded-words (RFC 2047) decoded. */
function subjectOf(m: ReceivedMail): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(m.raw)?.[1] ?? '';
  const unfolded = header.replace(/\r?\n[ \t]/g, ' ');
  return unfolded
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString()
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString(),
    )
    .trim();
}

/** A header's value, folded lines joined ('' when absent). */
const headerOf = (m: ReceivedMail, name: string): string =>
  (new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(m.raw.split(/\r?\n\r?\n/)[0]!)?.[1] ?? '').replace(/\r?\n[ \t]+/g, ' ').trim();

/** The mails delivered, grouped by recipient and subject: each group must hold one mail. */
const groups = (mails: ReceivedMail[]) => {
  const m = new Map<string, number>();
  for (const mail of mails) m.set(`${mail.to.join(',')} | ${subjectOf(mail)}`, (m.get(`${mail.to.join(',')} | ${subjectOf(mail)}`) ?? 0) + 1);
  return m;
};


/**
 * Notifications over HTTP on one SQLite file shared by two app instances (then a third after both
 * stopped: a restart), mail to a real SMTP peer and SMS to the Twilio loopback peer.
 */
describe('notifications, exactly once', () => {
  let smtp: SmtpPeer;
  let twilio: TwilioPeer;
  const dir = tempDir();
  let a: ListeningTestApp;
  let b: ListeningTestApp;
  const env = () => ({ DATA_DIR: dir.path, SMTP_URL: smtp.url, TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: FROM, TWILIO_API_URL: twilio.url });

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    twilio = await startTwilioPeer();
    a = await listenTestApp(env());
    b = await listenTestApp(env());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.close();
    await twilio?.close();
    dir.remove();
  });

  /** Waits until the background deliveries due now have all been made (nothing due queued, or sending); a mail for later (the review request) waits. */
  const settled = async (c: AppContainer) => {
    const due = (m: { status: string; nextAttemptAt: string | null }) => m.status === 'sending' || (m.status === 'queued' && (m.nextAttemptAt ?? '') <= new Date().toISOString());
    await expect.poll(async () => (await c.resolve(TOKENS.Outbox).list(500)).filter(due).length, { timeout: 15_000 }).toBe(0);
  };

  it('each event of the existing use cases reaches the office and the customer once, across two instances and a restart; on-my-way and the reminder go by SMS in E.164', async () => {
    const admin = new TestClient(a.url);
    await admin.signIn(DEMO.admin);
    const adminB = new TestClient(b.url);
    adminB.setCookies(admin.cookieHeader());
    const visitor = new TestClient(b.url);

    // The public forms, on either instance.
    const quote = aQuoteForm({ name: 'Robin Quoteworthy-Fitzgerald' });
    const quoteRes = await visitor.raw('/api/quotes', { method: 'POST', headers: { origin: b.url, 'x-csrf-token': await visitor.csrfToken() }, body: quoteFormData(quote) });
    expect(quoteRes.status, await quoteRes.clone().text()).toBe(201);
    const leadId = ((await quoteRes.json()) as { id: string }).id;
    const contact = aContactRequest({ subject: 'Keypad beeps at night' });
    expect((await visitor.send('POST', '/api/contact', contact)).status).toBe(201);
    expect((await visitor.send('POST', '/api/support', { name: 'Sam Support', email: 'sam.support@example.com', phone: '', topic: 'alarm', message: 'The panel shows a trouble light since the storm.' })).status).toBe(201);

    // A client with an e-mail and a phone, a proposal viewed and accepted, one declined.
    // The client's name is not the person the mails go to: they greet the contact holding the address.
    const clientInput = aClientInput({ name: 'Grace Notified', sites: [aSiteInput()] });
    clientInput.contacts = [{ ...clientInput.contacts![0]!, name: 'Dr. Ada Greeted-Contact' }];
    const client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', clientInput), 201);
    const siteId = client.sites[0]!.id;
    const email = client.contacts[0]!.emails[0]!;
    const accepted = await expectJson<ProposalDto>(await admin.send('POST', '/api/proposals', aProposalRequest(client.id, siteId)), 201);
    const declined = await expectJson<ProposalDto>(await admin.send('POST', '/api/proposals', aProposalRequest(client.id, siteId)), 201);
    for (const p of [accepted, declined]) await expectJson(await admin.send('POST', `/api/proposals/${p.id}/send`, {}), 200);
    await expectJson(await visitor.get(`/api/public/proposals/${accepted.publicToken}`), 200);
    await expectJson(await new TestClient(a.url).get(`/api/public/proposals/${accepted.publicToken}`), 200);
    expect((await visitor.send('POST', `/api/public/proposals/${accepted.publicToken}/accept`, { optionId: 'opt-1', name: 'Grace Notified', ...SIGNED })).status).toBe(200);
    expect((await visitor.send('POST', `/api/public/proposals/${declined.publicToken}/decline`, { reason: 'Too early for us' })).status).toBe(200);

    // An invoice paid in part (recorded by staff, through the second instance).
    const inv = await expectJson<InvoiceDto>(await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', lines: [{ description: 'Smoke detector', quantity: 2, unitPriceCents: 30_000, taxRateBp: 0 }] }), 201);
    await expectJson(await admin.send('POST', `/api/invoices/${inv.id}/send`, {}), 200);
    await expectJson(await adminB.send('POST', `/api/invoices/${inv.id}/payments`, { date: inv.issueDate, amountCents: 25_000, method: 'check', reference: '1042' }), 200);

    // A visit with Maria under way now: confirmed, reminded (the day before), "on my way" (Maria taps twice, on both instances), completed.
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId, type: 'service', title: 'Keypad swap' }), 201);
    const start = new Date();
    start.setUTCMinutes(0, 0, 0);
    const window = { start: start.toISOString(), end: new Date(start.getTime() + 2 * 3600_000).toISOString() };
    await expectJson(await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window, assignees: ['emp-maria'] }), 200);
    const tz = a.config.timeZone;
    // The reminder job runs "the day before" in the company's time zone, whatever the test's clock.
    const remindAt = new Date(start.getTime() - 24 * 3600_000);
    await runVisitReminders({ ...a.container.resolve(TOKENS.NotificationDeps), timeZone: tz }, remindAt);
    const maria = await TestClient.signedIn(a.url, DEMO.employee);
    const mariaB = new TestClient(b.url);
    mariaB.setCookies(maria.cookieHeader());
    await Promise.all([maria.send('POST', `/api/jobs/${job.id}/on-my-way`), mariaB.send('POST', `/api/jobs/${job.id}/on-my-way`)]).then((rs) => rs.forEach((r) => expect(r.status).toBe(200)));
    await expectJson(await admin.send('POST', `/api/jobs/${job.id}/status`, { status: 'in-progress' }), 200);
    await expectJson(await admin.send('POST', `/api/jobs/${job.id}/status`, { status: 'completed', acknowledgeUnticked: true }), 200);
    await settled(a.container);
    await settled(b.container);

    // The review request waits in the outbox for the next 10:00 company time, then the scheduler's delivery sends it (once, whichever instance runs).
    const review = (await a.container.resolve(TOKENS.Outbox).list(500)).find((m) => m.subject === 'How did we do, Ada?')!;
    expect(review.status).toBe('queued');
    expect(review.nextAttemptAt! > new Date().toISOString()).toBe(true);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(review.nextAttemptAt!))).toBe('10:00');
    expect(Date.parse(review.nextAttemptAt!) - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(smtp.received.filter((m) => subjectOf(m) === 'How did we do, Ada?')).toEqual([]);
    await a.container.resolve(TOKENS.Outbox).deliverDue(new Date(Date.parse(review.nextAttemptAt!) - 60_000));
    expect(smtp.received.filter((m) => subjectOf(m) === 'How did we do, Ada?')).toEqual([]);
    await Promise.all([a.container.resolve(TOKENS.Outbox).deliverDue(new Date(review.nextAttemptAt!)), b.container.resolve(TOKENS.Outbox).deliverDue(new Date(review.nextAttemptAt!))]);
    expect(smtp.received.filter((m) => subjectOf(m) === 'How did we do, Ada?')).toHaveLength(1);

    // Every event told again, through both instances at once (a retried request, a replayed webhook).
    const events = async (c: AppContainer): Promise<NotificationEvent[]> => {
      const lead = (await c.resolve(TOKENS.Leads).get(leadId))!;
      const messages = await c.resolve(TOKENS.ContactMessages).list({ limit: 10 });
      const props = c.resolve(TOKENS.ProposalDeps).proposals;
      const pa = (await props.get(accepted.id))!;
      const pd = (await props.get(declined.id))!;
      const invoice = (await c.resolve(TOKENS.InvoiceDeps).invoices.get(inv.id))!;
      const j = (await c.resolve(TOKENS.JobDeps).jobs.get(job.id))!;
      const scheduled = { ...j, status: 'scheduled' as const };
      const list: NotificationEvent[] = [
        { kind: 'quote-requested', lead },
        { kind: 'proposal-viewed', proposal: pa },
        { kind: 'proposal-accepted', proposal: pa },
        { kind: 'proposal-declined', proposal: pd },
        { kind: 'payment-received', invoice, paymentId: invoice.payments[0]!.id, amountCents: 25_000, date: invoice.payments[0]!.date, source: 'recorded' },
        { kind: 'visit-scheduled', job: scheduled },
        { kind: 'visit-reminder', job: scheduled },
        { kind: 'technician-on-the-way', job: scheduled, technicianName: 'Maria Lopez' },
        { kind: 'job-completed', job: j },
        // Told by the payment webhook, the client hub's service request and contact-detail change (their own tests drive them end to end).
        { kind: 'payment-failed', invoice, attemptId: 'auto-pay-4', amountCents: 5_000, reason: 'Your card was declined.', source: 'auto-pay', autoPay: { attempt: 4, of: 4, nextAttemptAt: null } },
        { kind: 'service-requested', requestId: 'sr-1', clientId: invoice.clientId, clientName: 'Grace Notified', summary: 'Back door sensor beeps', details: ['Site: Home'] },
        { kind: 'customer-details-changed', changeId: 'chg-1', clientId: invoice.clientId, clientName: 'Grace Notified', changes: [{ label: 'Phone', from: '(555) 867-5309', to: '(555) 010-2030' }] },
      ];
      for (const message of messages) list.push({ kind: 'message-received', message });
      return list;
    };
    const replay = await events(a.container);
    await Promise.all([...replay.map((e) => a.container.resolve(TOKENS.Notify)(e)), ...replay.map((e) => b.container.resolve(TOKENS.Notify)(e))]);
    await settled(a.container);
    const before = { mails: smtp.received.length, sms: twilio.received.length };

    // A restart: both stop, a new process opens the same file; the events and the reminder job run again.
    await a.close();
    await b.close();
    a = await listenTestApp(env());
    b = await listenTestApp(env());
    for (const e of await events(a.container)) await a.container.resolve(TOKENS.Notify)(e);
    await runVisitReminders({ ...a.container.resolve(TOKENS.NotificationDeps), timeZone: tz }, remindAt);
    await runVisitReminders({ ...b.container.resolve(TOKENS.NotificationDeps), timeZone: tz }, remindAt);
    await settled(a.container);
    expect({ mails: smtp.received.length, sms: twilio.received.length }).toEqual(before);

    // Once each: the office's in-app notifications by key, every mail by recipient and subject, the SMS.
    const stored = await a.container.resolve(TOKENS.NotificationDeps).notifications.latest(500);
    expect(new Set(stored.map((n) => n.key)).size).toBe(stored.length);
    expect(stored.map((n) => n.kind).sort()).toEqual(['contact-message', 'customer-details-changed', 'payment-failed', 'payment-received', 'proposal-accepted', 'proposal-declined', 'proposal-viewed', 'quote-requested', 'service-requested', 'support-message']);
    const counts = groups(smtp.received);
    expect([...counts.entries()].filter(([, n]) => n > 1)).toEqual([]);
    const office = a.config.company.email;
    const subjects = (to: string) => smtp.received.filter((m) => m.to.includes(to)).map(subjectOf).sort();
    expect(subjects(office)).toHaveLength(10);
    expect(subjects(office)).toEqual(
      expect.arrayContaining([
        `Message from ${contact.name}: Keypad beeps at night`,
        `Payment $250.00 recorded: ${inv.number}, Grace Notified`,
        expect.stringMatching(new RegExp(`^Proposal ${accepted.number} accepted by Grace Notified`)),
        `Proposal ${declined.number} declined by Grace Notified`,
        expect.stringMatching(/^Quote request: .* — Robin Quoteworthy-Fitzgerald$/),
        'Support request from Sam Support: Alarm system',
        `Grace Notified opened proposal ${accepted.number}`,
        `Auto-pay failed 4 times: ${inv.number}, Grace Notified`,
        'Service request from Grace Notified',
        'Grace Notified changed their contact details',
      ]),
    );
    expect(subjects(email)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Your appointment is confirmed: /),
        expect.stringMatching(/^Reminder: we see you tomorrow, /),
        `Maria from ${a.config.company.name} is on the way`,
        'Completed: Keypad swap',
        'How did we do, Ada?',
        `Payment receipt: $250.00 for invoice ${inv.number}`,
        `Your card payment of $50.00 for invoice ${inv.number} did not go through`,
      ]),
    );
    expect(subjects(quote.email)).toEqual(['We received your quote request']);
    expect(subjects(contact.email)).toEqual(['We received your message: Keypad beeps at night']);
    expect(twilio.received.map((s) => ({ to: s.to, from: s.from }))).toEqual([
      { to: '+15558675309', from: FROM },
      { to: '+15558675309', from: FROM },
    ]);
    expect(twilio.received[0]!.body).toMatch(/reminder, Maria visits you tomorrow/);
    expect(twilio.received[1]!.body).toMatch(/Maria is on the way to you now/);

    // The completion mail carries the sign-off PDF; every customer mail greets, signs and offers the way out.
    const done = smtp.received.find((m) => subjectOf(m) === 'Completed: Keypad swap')!;
    expect(done.raw).toContain(`filename=${job.number}-sign-off.pdf`);
    // Completed without a signature on site: the mail says so in words, not "(not signed)".
    expect(textOf(done)).toContain('The sign-off (no signature was taken on site) is attached as a PDF');
    // The review request links the reviews form with the person's name filled in.
    const reviewText = textOf(smtp.received.find((m) => subjectOf(m) === 'How did we do, Ada?')!);
    expect(reviewText).toMatch(/http:\/\/127\.0\.0\.1:\d+\/reviews\?name=Dr\.%20Ada%20Greeted-Contact#leave-review/);
    // The office reads each changed field old → new.
    expect(textOf(smtp.received.find((m) => m.to.includes(office) && subjectOf(m) === 'Grace Notified changed their contact details')!)).toContain('Phone: (555) 867-5309 → (555) 010-2030');
    // (the proposal and invoice mails staff sent are the proposals' and invoices' own; the signed copy is the customer's legal record, sent whatever the opt-out)
    for (const m of smtp.received.filter((x) => x.to.includes(email) && /^(Proposal|Invoice) /.test(subjectOf(x)))) expect(textOf(m)).toMatch(/Hello Ada,\r?\n(?![\s\S]*Hello Grace)/);
    for (const m of smtp.received.filter((x) => x.to.includes(email) && !/^(Proposal|Invoice|Your signed proposal) /.test(subjectOf(x)))) {
      const text = textOf(m);
      expect(text).toContain('Hello Ada,');
      expect(text).not.toContain('Hello Grace');
      expect(text).toContain(`Kind regards,\r\n${a.config.company.name}`);
      expect(text).toMatch(/To stop these e-mails, open: http:\/\/127\.0\.0\.1:\d+\/api\/public\/unsubscribe\/\S+/);
      // RFC 8058: the mail program's own unsubscribe button, a one-click POST to the same link.
      const link = /To stop these e-mails, open: (\S+)/.exec(text)![1]!;
      expect(headerOf(m, 'List-Unsubscribe'), subjectOf(m)).toBe(`<${link}>`);
      expect(headerOf(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    }

    // Sent mail names each customer mail's kind (MAIL_KINDS) and what it is about: the record, then the client.
    const kept = (await a.container.resolve(TOKENS.Outbox).list(500)).filter((m) => m.to === email);
    const keptAs = (subject: string | RegExp) => kept.find((m) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)));
    const aboutClient = { type: 'client', id: client.id, label: client.name };
    expect(keptAs(`Payment receipt: $250.00 for invoice ${inv.number}`)).toMatchObject({ kind: 'payment-receipt', about: [{ type: 'invoice', id: inv.id, label: inv.number }, aboutClient] });
    expect(keptAs(/^Your card payment of \$50\.00/)).toMatchObject({ kind: 'payment-failed', about: [{ type: 'invoice', id: inv.id, label: inv.number }, aboutClient] });
    expect(keptAs(/^Your appointment is confirmed: /)).toMatchObject({ kind: 'appointment', about: [{ type: 'job', id: job.id, label: job.number }, aboutClient] });
    expect(keptAs(`Completed: Keypad swap`)).toMatchObject({ kind: 'job-completed', about: [{ type: 'job', id: job.id, label: job.number }, aboutClient] });
    expect(keptAs('How did we do, Ada?')).toMatchObject({ kind: 'review-request' });
    expect(kept.filter((m) => m.kind === 'other').map((m) => m.subject)).toEqual([]);
    // Mails to the office carry no unsubscribe header (staff cannot opt out of their own notices).
    for (const m of smtp.received.filter((x) => x.to.includes(office))) expect(headerOf(m, 'List-Unsubscribe')).toBe('');
  });

  it('a mail the server refuses for now is retried until it is delivered, once', async () => {
    await smtp.stop();
    const visitor = new TestClient(a.url);
    const contact = aContactRequest({ subject: 'Retry me please' });
    expect((await visitor.send('POST', '/api/contact', contact)).status).toBe(201);
    const outbox = a.container.resolve(TOKENS.Outbox);
    const mine = async () => (await outbox.list(500)).filter((m) => m.subject.includes('Retry me please'));
    await expect.poll(async () => (await mine()).map((m) => [m.status, m.attempts]), { timeout: 10_000 }).toEqual([
      ['queued', 1],
      ['queued', 1],
    ]);
    expect((await mine())[0]!.lastError).toMatch(/Could not reach the mail server/);
    await smtp.start();
    const later = new Date(Date.now() + 2 * 60_000);
    await outbox.deliverDue(later);
    await b.container.resolve(TOKENS.Outbox).deliverDue(later);
    expect((await mine()).map((m) => m.status)).toEqual(['sent', 'sent']);
    expect(smtp.received.filter((m) => subjectOf(m).includes('Retry me please')).map((m) => m.to[0]).sort()).toEqual([a.config.company.email, contact.email].sort());
  });

  it('a visit scheduled after it was over (the office catching up) sends no appointment confirmation; a coming one does, once', async () => {
    const admin = await TestClient.signedIn(a.url, DEMO.admin);
    const client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ name: 'Bartholomew Pastvisit-Wolstenholme', sites: [aSiteInput()] })), 201);
    const email = client.contacts[0]!.emails[0]!;
    const visit = async (title: string, fromHours: number) => {
      const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'service', title }), 201);
      const start = new Date(Date.now() + fromHours * 3_600_000);
      expect((await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window: { start: start.toISOString(), end: new Date(start.getTime() + 2 * 3_600_000).toISOString() } })).status).toBe(200);
    };
    await visit('Battery swap done on Monday', -72);
    await visit('Camera check next week', 7 * 24);
    await a.container.resolve(TOKENS.Outbox).settle();
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email) && subjectOf(m).startsWith('Your appointment is confirmed')).length, { timeout: 10_000 }).toBe(1);
    const kept = (await a.container.resolve(TOKENS.Outbox).list(500)).filter((m) => m.to === email && m.subject.startsWith('Your appointment is confirmed'));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.text).toContain('Camera check next week');
  });

  it('shows staff the notifications their permissions cover, newest first, each linking to its record; read state is per person', async () => {
    const admin = await TestClient.signedIn(a.url, DEMO.admin);
    const maria = await TestClient.signedIn(b.url, DEMO.employee);
    const mine = await expectJson<NotificationListDto>(await admin.get('/api/notifications'), 200);
    const hers = await expectJson<NotificationListDto>(await maria.get('/api/notifications'), 200);
    expect(mine.items.map((n) => n.kind)).toEqual(expect.arrayContaining(['proposal-accepted', 'payment-received', 'quote-requested']));
    // Maria holds viewClients and the job permissions: messages, quote requests and the client hub's requests and changes, not proposals or payments.
    expect(new Set(hers.items.map((n) => n.kind))).toEqual(new Set(['quote-requested', 'contact-message', 'support-message', 'service-requested', 'customer-details-changed']));
    const request = hers.items.find((n) => n.kind === 'service-requested')!;
    expect(recordHref(request.record.kind, request.record.id)).toBe('/admin/messages?message=sr-1');
    expect(mine.items.map((n) => n.createdAt)).toEqual([...mine.items.map((n) => n.createdAt)].sort().reverse());
    const payment = mine.items.find((n) => n.kind === 'payment-received')!;
    expect(recordHref(payment.record.kind, payment.record.id)).toBe(`/admin/invoices?invoice=${payment.record.id}`);
    expect(mine.unread).toBe(mine.items.length);

    const afterOne = await expectJson<NotificationListDto>(await admin.send('POST', '/api/notifications/read', { ids: [payment.id] }), 200);
    expect(afterOne.unread).toBe(mine.unread - 1);
    expect(afterOne.items.find((n) => n.id === payment.id)?.read).toBe(true);
    // Someone else's reading does not clear Maria's bell; she cannot mark what she cannot see.
    expect((await expectJson<NotificationListDto>(await maria.get('/api/notifications'), 200)).unread).toBe(hers.unread);
    await expectJson(await maria.send('POST', '/api/notifications/read', { ids: [payment.id] }), 200);
    expect((await a.container.resolve(TOKENS.NotificationDeps).notifications.latest(500)).find((n) => n.id === payment.id)?.readBy).toEqual([DEMO.admin]);
    expect((await expectJson<NotificationListDto>(await maria.send('POST', '/api/notifications/read', { all: true }), 200)).unread).toBe(0);
    expect((await expectJson<NotificationListDto>(await admin.get('/api/notifications'), 200)).unread).toBe(mine.unread - 1);
    expect((await new TestClient(a.url).get('/api/notifications')).status).toBe(401);
    expect((await (await TestClient.signedIn(a.url, DEMO.other)).get('/api/notifications')).status).toBe(403);
  });

  it('templates: an unknown placeholder is refused by name; the preview fills sample data; a saved edit reaches the customer; reset brings the default back', async () => {
    const admin = await TestClient.signedIn(a.url, DEMO.admin);
    const bad = await expectJson<{ error: { message: string; fields: Record<string, string[]> } }>(
      await admin.send('PUT', '/api/admin/notification-templates/on-my-way', { subject: 'Hi {{client.nmae}}', body: 'On the way {{job.windw}} and {{job.window}}', sms: 'x' }),
      400,
    );
    expect(bad.error.fields.subject![0]).toMatch(/^Subject: unknown placeholder \{\{client\.nmae\}\}\. Use one of: /);
    expect(bad.error.fields.body![0]).toMatch(/^Message: unknown placeholder \{\{job\.windw\}\}/);
    const preview = await expectJson<{ subject: string; body: string }>(
      await admin.send('POST', '/api/admin/notification-templates/on-my-way/preview', { subject: '{{technician.firstName}} is coming, {{client.firstName}}', body: 'Window: {{job.window}}', sms: 'On the way' }),
      200,
    );
    expect(preview).toMatchObject({ subject: 'Maria is coming, Grace', body: 'Window: Tuesday, December 1, 9:00 AM – 11:00 AM' });
    const saved = await expectJson<{ customised: boolean; updatedBy: string }>(
      await admin.send('PUT', '/api/admin/notification-templates/payment-receipt', { subject: 'Thanks for {{payment.amount}}, {{client.firstName}}', body: 'Hello {{client.firstName}},\n\nPaid: {{payment.amount}}.' }),
      200,
    );
    expect(saved).toMatchObject({ customised: true, updatedBy: 'Frank Miller' });
    const patInput = aClientInput({ name: 'Pat Templated' });
    patInput.contacts = [{ ...patInput.contacts![0]!, name: 'Pat Templated' }];
    const client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', patInput), 201);
    const inv = await expectJson<InvoiceDto>(await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', lines: [{ description: 'Siren', quantity: 1, unitPriceCents: 12_000, taxRateBp: 0 }] }), 201);
    await expectJson(await admin.send('POST', `/api/invoices/${inv.id}/send`, {}), 200);
    await expectJson(await admin.send('POST', `/api/invoices/${inv.id}/payments`, { date: inv.issueDate, amountCents: 12_000, method: 'card' }), 200);
    await expect.poll(() => smtp.received.filter((m) => subjectOf(m) === 'Thanks for $120.00, Pat').length, { timeout: 10_000 }).toBe(1);
    const reset = await expectJson<{ customised: boolean; subject: string }>(await admin.send('DELETE', '/api/admin/notification-templates/payment-receipt'), 200);
    expect(reset).toMatchObject({ customised: false, subject: 'Payment receipt: {{payment.amount}} for invoice {{invoice.number}}' });
  });

  it('honours the opt-out: the client flag stops customer messages; the unsubscribe link shows a page (GET changes nothing) and the button or one-click POST unsubscribes; a forged one changes nothing', async () => {
    const admin = await TestClient.signedIn(a.url, DEMO.admin);
    const client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ name: 'Quinn Optout', sites: [aSiteInput()] })), 201);
    expect(await expectJson(await admin.get(`/api/clients/${client.id}/customer-messages`), 200)).toEqual({ optedOut: false });
    expect(await expectJson(await admin.send('PUT', `/api/clients/${client.id}/customer-messages`, { optedOut: true }), 200)).toEqual({ optedOut: true });
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'service', title: 'Battery change' }), 201);
    // A visit under way now with Maria: confirmed and "on my way", neither reaches the opted-out customer.
    const now = Date.now();
    const today = { start: new Date(now - 1800_000).toISOString(), end: new Date(now + 3600_000).toISOString() };
    await expectJson(await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window: today, assignees: ['emp-maria'] }), 200);
    const maria = await TestClient.signedIn(a.url, DEMO.employee);
    expect(await expectJson(await maria.send('POST', `/api/jobs/${job.id}/on-my-way`), 200)).toMatchObject({ sent: true });
    const start = new Date(now + 5 * 86_400_000).toISOString();
    await settled(a.container);
    const email = client.contacts[0]!.emails[0]!;
    expect(smtp.received.filter((m) => m.to.includes(email))).toEqual([]);

    // The link from a mail the customer did receive (the earlier receipt to Grace's address).
    await expectJson(await admin.send('PUT', `/api/clients/${client.id}/customer-messages`, { optedOut: false }), 200);
    await expectJson(await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window: { start: new Date(Date.parse(start) + 86_400_000).toISOString(), end: new Date(Date.parse(start) + 86_400_000 + 3600_000).toISOString() } }), 200);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
    const link = /To stop these e-mails, open: (\S+)/.exec(textOf(smtp.received.find((m) => m.to.includes(email))!))![1]!;
    // Opening the link (a person, or a mail scanner following it) only shows the page and its button.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Stop e-mails from ${a.config.company.name}?`);
    expect(html).toMatch(/<form method="post" action="\/api\/public\/unsubscribe\/[^"]+"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe<\/button>/);
    expect(html).not.toMatch(/\sstyle=|<style/);
    expect(page.headers.get('content-security-policy')).toContain("style-src 'self'");
    expect(await expectJson(await admin.get(`/api/clients/${client.id}/customer-messages`), 200)).toEqual({ optedOut: false });

    // The mail program's one-click unsubscribe (RFC 8058): a POST with no cookie, CSRF token or origin.
    const oneClick = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    expect(await expectJson(await admin.get(`/api/clients/${client.id}/customer-messages`), 200)).toEqual({ optedOut: true });
    expect(await (await fetch(link)).text()).toContain('Receive our e-mails again');

    const forgedLink = link.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAA');
    const forged = await fetch(forgedLink);
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain('This unsubscribe link is not valid');
    const forgedPost = await fetch(forgedLink, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'subscribe=1' });
    expect(forgedPost.status).toBe(404);
    expect(await expectJson(await admin.get(`/api/clients/${client.id}/customer-messages`), 200)).toEqual({ optedOut: true });

    // The page's "Receive our e-mails again" button.
    const back = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'subscribe=1' });
    expect(await back.text()).toContain('You will receive our e-mails again');
    expect(await expectJson(await admin.get(`/api/clients/${client.id}/customer-messages`), 200)).toEqual({ optedOut: false });

    // RFC 8058 also allows multipart/form-data.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    expect((await fetch(link, { method: 'POST', body: form })).status).toBe(200);
    expect(await expectJson(await admin.get(`/api/clients/${client.id}/customer-messages`), 200)).toEqual({ optedOut: true });
    await expectJson(await admin.send('PUT', `/api/clients/${client.id}/customer-messages`, { optedOut: false }), 200);

    // A long token (a visitor's long address is the subject) still reaches the page, not a 404 at Fastify's 100-character parameter limit.
    const longToken = a.container.resolve(TOKENS.NotificationDeps).unsubscribe.sign(`email:${'robin.quoteworthy-fitzgerald.'.repeat(2)}household@${'long-family-name-'.repeat(3)}example.com`);
    expect(longToken.length).toBeGreaterThan(150);
    const longPage = await fetch(`${a.url}/api/public/unsubscribe/${longToken}`);
    expect(longPage.status, await longPage.clone().text()).toBe(200);
    expect(await longPage.text()).toContain('Unsubscribe</button>');
    expect(await expectJson(await admin.get(`/api/clients/${client.id}/customer-messages`), 200)).toEqual({ optedOut: false });
  });
});
