import { describe, expect, it } from 'vitest';
import { appWithSmtpPeer } from '../support/app-with-smtp.ts';
import { TestClient } from '../support/http-client.ts';
import { aQuoteForm, quoteFormData } from '../support/public-site-factories.ts';
import { TOKENS } from '../../src/container.ts';

describe('quote request mail with SMTP_URL set', () => {
  const app = appWithSmtpPeer();

  it('delivers the new-lead mail over SMTP and the outbox records it as sent', async () => {
    const c = new TestClient(app.t.url);
    const form = aQuoteForm();
    const res = await c.raw('/api/quotes', { method: 'POST', headers: { origin: app.t.url, 'x-csrf-token': await c.csrfToken() }, body: quoteFormData(form) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    // The office's mail, and the visitor's acknowledgement (docs/notifications.md).
    await expect.poll(() => app.smtp.received.length).toBe(2);
    const office = app.smtp.received.find((m) => m.to[0] === app.t.config.company.email);
    expect(office?.raw).toContain(id);
    expect(office?.raw).toMatch(new RegExp(`^Reply-To: ${form.email}`, 'm'));
    expect(app.smtp.received.find((m) => m.to[0] === form.email)?.raw).toMatch(/^Subject: We received your quote request/m);
    const kept = async () => (await app.t.container.resolve(TOKENS.Outbox).list(10)).filter((m) => m.kind === 'quote-notification').map((m) => ({ status: m.status, kind: m.kind, attempts: m.attempts }));
    await expect.poll(kept).toEqual([{ status: 'sent', kind: 'quote-notification', attempts: 1 }]);
  });
});
