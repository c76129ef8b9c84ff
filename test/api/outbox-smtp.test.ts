import { describe, expect, it } from 'vitest';
import { appWithSmtpPeer } from '../support/app-with-smtp.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aQuoteForm, quoteFormData } from '../support/public-site-factories.ts';
import type { ReceivedMail } from '../support/smtp-peer.ts';
import { aProposalRequest, SIGNED } from '../support/proposal-doubles.ts';
import { aClient, aSite } from '../unit/clients/client-factories.ts';
import { TOKENS } from '../../src/container.ts';
import type { OutboxListDto, OutboxMailDto } from '../../src/contracts/support.ts';
import type { ProposalDto } from '../../src/contracts/proposals.ts';

/** The text of a raw mail with quoted-printable soft breaks and =XX escapes undone. */
const bodyOf = (m: ReceivedMail): string =>
  m.raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('the outbox with a real mail server (SMTP_URL set)', () => {
  const app = appWithSmtpPeer();

  async function signedIn(who: string): Promise<TestClient> {
    const c = new TestClient(app.t.url);
    await c.signIn(who);
    return c;
  }

  async function outbox(admin: TestClient, query = ''): Promise<OutboxListDto> {
    const res = await admin.get(`/api/admin/outbox${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as OutboxListDto;
  }

  /** A proposal sent to its client, whose link the customer can answer. */
  async function sentProposal(admin: TestClient): Promise<ProposalDto> {
    const site = aSite();
    const client = await app.t.container.resolve(TOKENS.Clients).create(aClient({ sites: [site] }));
    const p = (await (await admin.send('POST', '/api/proposals', aProposalRequest(client.id, site.id))).json()) as ProposalDto;
    expect((await admin.send('POST', `/api/proposals/${p.id}/send`, { to: 'grace@example.com' })).status).toBe(200);
    return p;
  }

  async function submitQuote(form = aQuoteForm()): Promise<string> {
    const c = new TestClient(app.t.url);
    const res = await c.raw('/api/quotes', { method: 'POST', headers: { origin: app.t.url, 'x-csrf-token': await c.csrfToken() }, body: quoteFormData(form) });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  it('a quote submitted while the mail server is down stays queued with the reason, and goes out exactly once when it is back', async () => {
    const admin = await signedIn(DEMO.admin);
    const form = aQuoteForm({ name: 'Bartholomew Montgomery-Fitzgerald' });
    const toOffice = () => app.smtp.received.filter((m) => bodyOf(m).includes(`New quote request from ${form.name}`));

    await app.smtp.stop();
    const leadId = await submitQuote(form);
    // The first attempt runs in the background; it fails on the closed port and stays queued.
    let mail: OutboxMailDto | undefined;
    await expect
      .poll(async () => {
        mail = (await outbox(admin, `?related=${leadId}`)).mails[0];
        return mail && { status: mail.status, attempts: mail.attempts };
      })
      .toEqual({ status: 'queued', attempts: 1 });
    expect(mail).toMatchObject({ to: app.t.config.company.email, kind: 'quote-notification', about: [{ type: 'lead', id: leadId, label: form.name }] });
    expect(mail?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(mail?.nextAttemptAt).not.toBeNull();
    expect((await outbox(admin)).delivers).toBe(true);

    // Not due yet: a run now leaves it alone; the scheduler's run after the wait delivers it.
    await app.smtp.start();
    const outboxAdapter = app.t.container.resolve(TOKENS.Outbox);
    await outboxAdapter.deliverDue(new Date());
    expect(toOffice()).toEqual([]);
    await outboxAdapter.deliverDue(new Date(Date.now() + 2 * 60_000));
    expect(toOffice()).toHaveLength(1);
    expect(toOffice()[0]?.to).toEqual([app.t.config.company.email]);
    expect(bodyOf(toOffice()[0]!)).toContain(`/admin/leads?id=${leadId}`);
    const delivered = (await outbox(admin, `?related=${leadId}`)).mails[0];
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(delivered?.deliveredAt).not.toBeNull();

    // Later runs never send it again.
    await outboxAdapter.deliverDue(new Date(Date.now() + 3 * 86_400_000));
    await settle();
    expect(toOffice()).toHaveLength(1);
  });

  it('a mail the server refuses for good is failed with its answer; an admin retries it, audited, and it arrives once', async () => {
    const admin = await signedIn(DEMO.admin);
    const office = app.t.config.company.email;
    const form = aQuoteForm({ name: 'Refused Mailbox Person' });
    const toOffice = () => app.smtp.received.filter((m) => bodyOf(m).includes(`New quote request from ${form.name}`));

    app.smtp.rejects.add(office);
    const leadId = await submitQuote(form);
    let mail: OutboxMailDto | undefined;
    await expect
      .poll(async () => {
        mail = (await outbox(admin, '?status=failed')).mails.find((m) => m.about.some((a) => a.id === leadId));
        return mail?.status;
      })
      .toBe('failed');
    expect(mail?.lastError).toMatch(/550|No such mailbox/);
    expect(mail?.retryable).toBe(true);
    // Found by the recipient's words and by the lead's name too.
    expect((await outbox(admin, `?q=${encodeURIComponent('refused mailbox')}`)).mails.map((m) => m.id)).toContain(mail!.id);

    // Not the employee: retrying is for an admin.
    const employee = await signedIn(DEMO.employee);
    expect((await employee.send('POST', `/api/admin/outbox/${mail!.id}/retry`, {})).status).toBe(403);

    app.smtp.rejects.delete(office);
    const retried = await admin.send('POST', `/api/admin/outbox/${mail!.id}/retry`, {});
    expect(retried.status, await retried.clone().text()).toBe(200);
    expect(((await retried.json()) as OutboxMailDto).status).toBe('sent');
    expect(toOffice()).toHaveLength(1);
    const again = await admin.send('POST', `/api/admin/outbox/${mail!.id}/retry`, {});
    expect(again.status).toBe(409);
    await settle();
    expect(toOffice()).toHaveLength(1);
    const audit = await app.t.container.resolve(TOKENS.AuditLog).listFor('outbox-mail', mail!.id, { limit: 10 });
    expect(audit.map((e) => ({ action: e.action, by: e.actorName }))).toEqual([{ action: 'retry', by: expect.any(String) }]);
  });

  it("a customer's acceptance mails the office once, naming customer, proposal, option, total and the back-office link", async () => {
    const admin = await signedIn(DEMO.admin);
    const p = await sentProposal(admin);
    const visitor = new TestClient(app.t.url);
    const accept = () => visitor.send('POST', `/api/public/proposals/${p.publicToken}/accept`, { optionId: 'opt-2', name: 'Grace Hopper', ...SIGNED });
    expect((await accept()).status).toBe(200);
    expect((await accept()).status).not.toBe(200);

    const toOffice = () => app.smtp.received.filter((m) => bodyOf(m).includes(`accepted proposal ${p.number}`));
    await expect.poll(() => toOffice().length).toBe(1);
    const mail = toOffice()[0]!;
    expect(mail.to).toEqual([app.t.config.company.email]);
    const body = bodyOf(mail);
    expect(body).toContain(p.clientName);
    expect(body).toContain('Option chosen: Alarm and sensors');
    expect(body).toMatch(/Total: \$[\d,]+\.\d\d/);
    expect(body).toContain(`/admin/proposals?open=${p.id}`);
    await settle();
    expect(toOffice()).toHaveLength(1);
    const listed = (await outbox(admin, `?related=${p.id}`)).mails.map((m) => ({ kind: m.kind, status: m.status, to: m.to }));
    // The office's mail, the customer's signed copy, and the proposal as sent.
    expect(listed).toEqual(
      expect.arrayContaining([
        { kind: 'proposal-response', status: 'sent', to: app.t.config.company.email },
        { kind: 'proposal', status: 'sent', to: expect.not.stringMatching(app.t.config.company.email) },
        { kind: 'proposal', status: 'sent', to: 'grace@example.com' },
      ]),
    );
    expect(listed).toHaveLength(3);
  });

  it("a customer's decline mails the office once with the reason", async () => {
    const admin = await signedIn(DEMO.admin);
    const p = await sentProposal(admin);
    const visitor = new TestClient(app.t.url);
    expect((await visitor.send('POST', `/api/public/proposals/${p.publicToken}/decline`, { reason: 'Went with a cheaper quote' })).status).toBe(200);
    const toOffice = () => app.smtp.received.filter((m) => bodyOf(m).includes(`declined proposal ${p.number}`));
    await expect.poll(() => toOffice().length).toBe(1);
    expect(bodyOf(toOffice()[0]!)).toContain('Reason: Went with a cheaper quote');
    expect(bodyOf(toOffice()[0]!)).toContain(`/admin/proposals?open=${p.id}`);
  });

  it('an invoice mail the server refused is listed as failed but is sent again from the invoice, not retried here', async () => {
    const admin = await signedIn(DEMO.admin);
    const email = 'nobody-here@example.com';
    const client = await app.t.container.resolve(TOKENS.Clients).create(aClient({ contacts: [{ name: 'Nobody Here', role: 'Owner', emails: [email], phones: [] }] }));
    const inv = (await (await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', lines: [{ description: 'Door contact', quantity: 1, unitPriceCents: 4_500, taxRateBp: 0 }] })).json()) as { id: string; number: string };
    app.smtp.rejects.add(email);
    try {
      expect((await admin.send('POST', `/api/invoices/${inv.id}/send`, {})).status).toBeGreaterThanOrEqual(400);
    } finally {
      app.smtp.rejects.delete(email);
    }
    const [mail] = (await outbox(admin, `?related=${inv.id}`)).mails;
    expect(mail).toMatchObject({ kind: 'invoice', status: 'failed', retryable: false, to: email, about: [{ type: 'invoice', label: inv.number }, { type: 'client' }] });
    const retry = await admin.send('POST', `/api/admin/outbox/${mail!.id}/retry`, {});
    expect(retry.status).toBe(409);
    expect(JSON.stringify(await retry.json())).toContain(`send it again from ${inv.number}`);
  });
});
