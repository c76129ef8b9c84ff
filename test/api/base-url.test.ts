import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { InvoiceDto } from '../../src/contracts/invoices.ts';
import { runPaymentReminders } from '../../src/application/reminders/run-payment-reminders.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';

const DAY_MS = 86_400_000;
const linkOrigin = (text: string): string | null => {
  const m = /(https?:\/\/[^\s/]+)\/i\/[A-Za-z0-9_-]{20,}/.exec(text);
  return m ? new URL(m[1]!).origin : null;
};

/**
 * The site's address is computed once (container.ts). With PUBLIC_URL unset and the server on
 * 127.0.0.1, the invoice mail (sent from a route) and the payment reminder (sent by the scheduler's
 * use case) used to carry different hosts (127.0.0.1 and localhost).
 */
describe('one base URL for every mail', () => {
  let t: ListeningTestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await listenTestApp();
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
  });
  afterAll(() => t.close());

  it('an invoice mail and its payment reminder link to the same host when PUBLIC_URL is unset', async () => {
    expect(t.config.publicUrl).toBeUndefined();
    const client = (await (await admin.send('POST', '/api/clients', aClientInput())).json()) as ClientView;
    const issueDate = new Date(Date.now() - 10 * DAY_MS).toISOString().slice(0, 10);
    const created = await admin.send('POST', '/api/invoices', {
      clientId: client.id,
      terms: 'net7',
      issueDate,
      lines: [{ description: 'Smoke detector', quantity: 1, unitPriceCents: 5_000, taxRateBp: 0 }],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const invoice = (await created.json()) as InvoiceDto;
    const sent = await admin.send('POST', `/api/invoices/${invoice.id}/send`, {});
    expect(sent.status, await sent.clone().text()).toBe(200);

    const outbox = t.container.resolve(TOKENS.Outbox);
    const [invoiceMail] = await outbox.list(10);
    expect(invoiceMail?.subject).toContain(invoice.number);
    // After the grace period that follows the first send (default 7 days), the overdue reminder goes out.
    const afterGrace = { ...t.container.resolve(TOKENS.ReminderDeps), clock: { now: () => new Date(Date.now() + 8 * DAY_MS) } };
    expect((await runPaymentReminders(afterGrace)).sent).toBeGreaterThan(0);
    const [reminder] = await outbox.list(1);
    expect(reminder?.id).not.toBe(invoiceMail?.id);

    const invoiceOrigin = linkOrigin(invoiceMail!.text);
    expect(invoiceOrigin).toBe(new URL(t.url).origin);
    expect(linkOrigin(reminder!.text)).toBe(invoiceOrigin);
  });
});
