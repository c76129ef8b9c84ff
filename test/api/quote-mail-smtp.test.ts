import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { aQuoteForm, quoteFormData } from '../support/public-site-factories.ts';
import { TOKENS } from '../../src/container.ts';

describe('quote request mail with SMTP_URL set', () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let t: ListeningTestApp;
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, cb) {
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await listenTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
