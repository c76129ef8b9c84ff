import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../support/smtp-peer.ts';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { aQuoteForm, quoteFormData } from '../support/public-site-factories.ts';
import { TOKENS } from '../../src/container.ts';

describe('quote request mail with SMTP_URL set', () => {
  let smtp: SmtpPeer;
  let received: ReceivedMail[] = [];
  let t: ListeningTestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    received = smtp.received;
    t = await listenTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the new-lead mail over SMTP instead of the outbox', async () => {
    const c = new TestClient(t.url);
    const form = aQuoteForm();
    const res = await c.raw('/api/quotes', { method: 'POST', headers: { origin: t.url, 'x-csrf-token': await c.csrfToken() }, body: quoteFormData(form) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]?.to).toEqual([t.config.company.email]);
    expect(received[0]?.raw).toContain(id);
    expect(received[0]?.raw).toMatch(new RegExp(`^Reply-To: ${form.email}`, 'm'));
    expect(await t.container.resolve(TOKENS.Outbox).list(10)).toEqual([]);
  });
});
