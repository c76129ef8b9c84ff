import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signInAndOpen } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { readCollection } from '../support/stored-documents.ts';
import { startSmtpPeer, subjectOf, type ReceivedMail, type SmtpPeer } from '../support/smtp-peer.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { api } from '../support/page-api.ts';



/**
 * The money side end to end (issue #7), with the server's mail going to a real SMTP peer:
 * proposal → public link → accepted (deposit invoice issued) → job → partial payment →
 * no reminder inside the grace period → tax report → a monitoring contract's invoice, once.
 */
describe('the money journey in Chromium, mail captured by a real SMTP peer', () => {
  let smtp: SmtpPeer;
  let mails: ReceivedMail[] = [];
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    mails = smtp.received;
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: smtp.url, COMPANY_TIME_ZONE: 'UTC' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
    await smtp.close();
  });

  it('a two-option proposal is accepted through its link, converted, part-paid, not reminded inside the grace period, reported, and a contract bills once', async () => {
    const { page, context } = await newPage(browser);
    await signInAndOpen(page, server.url, 'Frank Miller', '/admin/proposals');
    await page.getByRole('table', { name: 'Proposals' }).waitFor();

    // Set-up through the API (the clients and proposal editor screens have their own e2e).
    const client = await api<{ id: string; sites: { id: string }[] }>(
      page,
      'POST',
      '/api/clients',
      aClientInput({ name: 'Grace Lin', contacts: [{ name: 'Grace Lin', role: 'Owner', emails: ['grace@example.com'], phones: [] }], sites: [aSiteInput({ label: 'Home' })] }),
    );
    expect(client.status).toBe(201);
    const siteId = client.json.sites[0]!.id;
    const line = (description: string, quantity: number, unitPriceCents: number) => ({ kind: 'labour', description, quantity, unitPriceCents, taxRateBp: 825, itemId: null });
    const draft = await api<{ id: string; number: string }>(page, 'POST', '/api/proposals', {
      clientId: client.json.id,
      siteId,
      title: 'Home security',
      depositPercent: 25,
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      options: [
        { id: 'good', tier: 'good', name: 'Alarm essentials', lines: [line('Alarm installation', 3, 9_000)] },
        { id: 'better', tier: 'better', name: 'Alarm and cameras', lines: [line('Alarm and four cameras, installed', 5, 12_000)] },
      ],
    });
    expect(draft.status).toBe(201);

    // Sent from its screen; the client gets the link by mail.
    await page.goto(`${server.url}/admin/proposals?open=${draft.json.id}`);
    const detail = page.getByRole('region', { name: `Proposal ${draft.json.number}` });
    await detail.getByRole('button', { name: 'Send…' }).click();
    await detail.getByRole('dialog', { name: /^Send proposal/ }).getByRole('button', { name: 'Send', exact: true }).click();
    await detail.getByRole('status').getByText(/^Sent to .+@/).waitFor();
    await expect.poll(() => mails.filter((m) => m.to.includes('grace@example.com')).length).toBe(1);
    const link = /https?:\/\/\S+\/p\/[A-Za-z0-9_-]+/.exec(mails[0]!.raw.replace(/=\r?\n/g, ''))?.[0];
    expect(link).toBeDefined();

    // The client opens the link in a fresh browser and accepts the second option by name.
    const visitor = await newPage(browser);
    const scripts: string[] = [];
    visitor.page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await visitor.page.goto(link!);
    const proposal = visitor.page.getByRole('article', { name: `Proposal ${draft.json.number}` });
    await proposal.waitFor();
    // Opened on a phone from an e-mail: the page loads without the schema library (≈ 90 KB gz),
    // which comes in only through src/contracts/*.ts — public pages use the *-labels.ts modules.
    expect(scripts.some((p) => /\/p\._token-[\w-]+\.js$/.test(p))).toBe(true);
    expect(scripts.filter((p) => /\/zod-[\w-]+\.js$/.test(p))).toEqual([]);
    await proposal.getByLabel('Choose Alarm and cameras').check();
    await proposal.getByLabel('Your full name').fill('Grace Lin');
    await proposal.getByLabel('Use my typed name').check();
    await proposal.getByLabel(/^I agree to this proposal( and its terms)?$/).check();
    await proposal.getByRole('button', { name: 'Accept' }).click();
    await proposal.getByRole('status').getByText(/Accepted: Alarm and cameras/).waitFor();
    await visitor.context.close();

    // Converted: a job and a 25 % deposit invoice (5 × $120 + 8.25 % = $649.50 → $162.38).
    await page.reload();
    await detail.getByRole('button', { name: 'Convert to job', exact: true }).click();
    const converted = detail.getByText(/Converted: job JOB-\d{4}, deposit invoice INV-\d{4}-\d{4}\./);
    await converted.waitFor();
    const invoiceNumber = /INV-\d{4}-\d{4}/.exec((await converted.textContent()) ?? '')![0];
    const invoices = readCollection<{ id: string; number: string; totalCents: number; source: { kind: string } }>(server.dataDir, 'invoices');
    const deposit = invoices.find((i) => i.number === invoiceNumber)!;
    expect(deposit).toMatchObject({ totalCents: 16_238, source: { kind: 'proposal' } });
    // The converted line links the job and the deposit invoice it names (issue 14: it was plain text).
    const [made] = readCollection<{ id: string }>(server.dataDir, 'jobs');
    expect(await converted.getByRole('link', { name: /^JOB-\d{4}$/ }).getAttribute('href')).toBe(`/admin/jobs?job=${made!.id}`);
    expect(await converted.getByRole('link', { name: invoiceNumber }).getAttribute('href')).toBe(`/admin/invoices?invoice=${deposit.id}`);
    expect(readCollection<{ status: string }>(server.dataDir, 'jobs')).toEqual([expect.objectContaining({ status: 'unscheduled' })]);

    // The deposit invoice was issued (sent) when the client accepted; it is part-paid from the invoice manager.
    await page.goto(`${server.url}/admin/invoices?invoice=${deposit.id}`);
    const invoice = page.getByRole('complementary', { name: `Invoice ${invoiceNumber}` });
    await expect.poll(() => invoice.getByTestId('invoice-status').textContent()).toBe('Sent');
    await invoice.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('100');
    await dialog.getByRole('combobox', { name: /^Method/ }).selectOption('card');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => invoice.getByTestId('invoice-status').textContent()).toBe('Partly paid');
    expect(await invoice.getByTestId('balance').textContent()).toBe('$62.38');

    // Reminders: the deposit invoice (Net 0) reached the client seconds ago, so within the grace
    // period nothing goes out — no "is due" mail right after the invoice itself.
    await page.goto(`${server.url}/admin/payment-reminders`);
    const grace = page.getByLabel('Grace period after sending (days)');
    await grace.fill('-3');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.locator('#grace-days-error').getByText('The grace period must be a whole number of days from 0 to 60.').waitFor();
    expect(await grace.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('alert').getByText('The reminder policy has mistakes.').waitFor();
    await grace.fill('14');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Send due reminders now' }).click();
    await page.getByRole('status').getByText('Nothing was due.').waitFor();
    // Any mail about the invoice other than the invoice itself and the payment's notice and receipt (docs/notifications.md) would be a reminder.
    const notReminder = (subject: string) => subject.startsWith(`Invoice ${invoiceNumber} from`) || /^Payment .* recorded: /.test(subject) || subject.startsWith('Payment receipt: ');
    const reminders = () => mails.filter((m) => subjectOf(m).includes(invoiceNumber) && !notReminder(subjectOf(m)));
    // The deposit invoice is not mailed on its own: the client's signed-copy mail links it (test/api/deposit-at-acceptance.test.ts).
    expect(mails.filter((m) => subjectOf(m).startsWith(`Invoice ${invoiceNumber} from`))).toHaveLength(0);
    expect(reminders()).toEqual([]);

    // Tax report for this month: accrual counts the whole deposit (untaxed), cash what was paid.
    await page.goto(`${server.url}/admin/tax-reporting`);
    await page.getByRole('table', { name: 'Tax per rate' }).locator('[data-rate="0"]').waitFor();
    expect(await page.getByTestId('total-taxable').textContent()).toBe('$162.38');
    expect(await page.getByTestId('total-tax').textContent()).toBe('$0.00');
    await page.getByRole('button', { name: 'Cash basis' }).click();
    await expect.poll(() => page.getByTestId('total-taxable').textContent()).toBe('$100.00');

    // A monitoring contract for the site, active from today: activation bills its first period,
    // and "Run billing now" never bills it twice. (Today in the company's zone, as the server counts.)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    const contract = await api<{ id: string }>(page, 'POST', '/api/monitoring/contracts', { clientId: client.json.id, siteId, plan: 'Monitoring Plus', monthlyFeeCents: 3_999, billingCycle: 'monthly', startDate: today });
    expect(contract.status).toBe(201);
    expect((await api(page, 'POST', `/api/monitoring/contracts/${contract.json.id}/status`, { to: 'active' })).status).toBe(200);
    await page.goto(`${server.url}/admin/monitoring`);
    await page.getByRole('button', { name: 'Run billing now' }).click();
    await page.getByRole('status').getByText(/Billing run: 0 invoice\(s\) created, 0 failed/).waitFor();
    await context.close();

    const contractInvoices = readCollection<{ totalCents: number; source: { kind: string; id: string } }>(server.dataDir, 'invoices').filter((i) => i.source.kind === 'contract');
    expect(contractInvoices).toHaveLength(1);
    expect(contractInvoices[0]!.source.id).toBe(contract.json.id);
    expect(contractInvoices[0]!.totalCents).toBeGreaterThan(0);
    expect(contractInvoices[0]!.totalCents).toBeLessThanOrEqual(3_999);
    // Still no reminder after everything else ran.
    expect(reminders()).toEqual([]);
  });
});
