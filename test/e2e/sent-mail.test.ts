import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signInAndOpen } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';
import { aQuoteForm, quoteFormData } from '../support/public-site-factories.ts';
import { axeViolations } from './axe.ts';

/** The admin's "Sent mail" screen against the built server delivering to a real SMTP peer. */
describe('Sent mail (the outbox) in Chromium', () => {
  let smtp: SmtpPeer;
  let server: RunningServer;
  let browser: Browser;
  const longEmail = 'bartholomew.alexander.montgomery-fitzgerald.the.third@northwestern-residential-holdings.example.com';
  const OFFICE = 'office@shieldline.example';
  const RUSH = 'Rosalind Refused-Mailbox';
  const invoiceNumbers: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: smtp.url, COMPANY_EMAIL: OFFICE } }), launchBrowser()]);
    const admin = new TestClient(server.url);
    await admin.signIn(DEMO.admin);
    // Invoices to a client whose e-mail is very long: with the notice, 51 mails, one more than a page.
    const client = (await (await admin.send('POST', '/api/clients', aClientInput({ name: 'Bartholomew Montgomery-Fitzgerald', contacts: [{ name: 'Bart', role: 'Owner', emails: [longEmail], phones: [] }] }))).json()) as { id: string };
    for (let i = 0; i < 50; i++) {
      const inv = (await (await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', lines: [{ description: `Service visit ${i + 1}`, quantity: 1, unitPriceCents: 9_500, taxRateBp: 0 }] })).json()) as { id: string; number: string };
      expect((await admin.send('POST', `/api/invoices/${inv.id}/send`, {})).status).toBe(200);
      invoiceNumbers.push(inv.number);
    }
    // The office's notification for this quote is refused for good by the mail server.
    smtp.rejects.add(OFFICE);
    const visitor = new TestClient(server.url);
    const res = await visitor.raw('/api/quotes', { method: 'POST', headers: { origin: server.url, 'x-csrf-token': await visitor.csrfToken() }, body: quoteFormData(aQuoteForm({ name: RUSH })) });
    expect(res.status).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
    await smtp?.close();
  });

  it('Frank finds Sent mail from the admin panel, reads an invoice mail with its link and attachment, and sends a failed notice again', async () => {
    const { page } = await newPage(browser, { viewport: { width: 1366, height: 800 }, bypassCSP: true });
    await signInAndOpen(page, server.url, 'Frank Miller', '/admin');
    await page.getByRole('navigation', { name: 'Other tools' }).getByRole('link', { name: 'Sent mail' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/outbox');
    const table = page.getByRole('table', { name: 'Sent mail' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(50);
    await page.getByTestId('delivery-mode').getByText('Delivered through your mail server').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Newest first: the refused office notification is among the first rows (the visitor's acknowledgement of the same quote beside it), with the server's answer.
    const failedRow = table.locator('tbody tr').filter({ has: page.getByTestId('mail-status').getByText('Failed', { exact: true }) }).first();
    expect(await table.locator('tbody tr').first().innerText()).toContain('We received your quote request');
    await failedRow.getByText(RUSH).waitFor();
    expect(await failedRow.getByTestId('mail-status').textContent()).toBe('Failed');
    await failedRow.getByText(/550|No such mailbox/).waitFor();

    // The next page holds the oldest invoices.
    await page.getByRole('button', { name: 'Next' }).click();
    await table.getByText(`Invoice ${invoiceNumbers[0]} from`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();

    // Search by the invoice number; open it: full text, the public link, the PDF's name.
    const last = invoiceNumbers.at(-1)!;
    await page.getByRole('searchbox').fill(last);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByText(longEmail).click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('heading', { name: new RegExp(`Invoice ${last}`) }).waitFor();
    await panel.getByTestId('mail-text').getByText(`Please find invoice ${last} attached`, { exact: false }).waitFor();
    expect(await panel.getByRole('region', { name: 'Links in the mail' }).getByRole('link').first().getAttribute('href')).toMatch(/\/i\/[\w-]+$/);
    expect(await panel.getByTestId('mail-attachments').textContent()).toContain(`${last}.pdf`);
    await panel.getByRole('link', { name: last }).waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();

    // The failed notice: the mailbox exists again, Frank sends it again, it arrives once.
    await page.getByRole('searchbox').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByLabel('Status').selectOption('failed');
    await table.getByText(RUSH).click();
    await panel.getByTestId('mail-error').getByText(/550|No such mailbox/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    smtp.rejects.delete(OFFICE);
    const toOffice = () => smtp.received.filter((m) => m.to.includes(OFFICE) && m.raw.includes(RUSH));
    expect(toOffice()).toHaveLength(0);
    await panel.getByRole('button', { name: 'Send again now' }).click();
    await expect.poll(async () => panel.getByTestId('mail-status').textContent()).toMatch(/^Sent/);
    expect(toOffice()).toHaveLength(1);
    expect(await panel.getByRole('button', { name: 'Send again now' }).count()).toBe(0);
  });

  it('on a phone the list and an open mail fit 390 px, long addresses wrapping', async () => {
    const { page } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInAndOpen(page, server.url, 'Frank Miller', '/admin/outbox');
    const table = page.getByRole('table', { name: 'Sent mail' });
    await table.getByText(longEmail).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await table.getByText(longEmail).first().click();
    await page.getByRole('dialog').getByTestId('mail-text').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const dialog = await page.getByRole('dialog').boundingBox();
    expect(dialog!.width).toBeLessThanOrEqual(390);
  });
});
