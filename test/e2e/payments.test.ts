import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signInAndOpen } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { startStripePeer, type StripePeer } from '../support/stripe-peer.ts';
import { api } from '../support/page-api.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';

const NAME = 'Bartholomew Alexander Montgomery-Fitzgerald III and the Springfield Heights Homeowners Association';

/**
 * Paying an invoice online in Chromium: the customer's link, Pay part, the provider's hosted
 * page (the loopback Stripe peer), back to the link which says the payment was received; the
 * peer delivers every webhook twice and the payment is recorded once.
 */
describe('online payment in Chromium', () => {
  let peer: StripePeer;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    peer = await startStripePeer();
    [server, browser] = await Promise.all([startServer({ env: peer.env }), launchBrowser()]);
    peer.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
    peer.deliveries = 2;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
    await peer?.close();
  });

  it('pays part of an invoice through the provider page; the page says received and the payment appears once', async () => {
    const office = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await signInAndOpen(office.page, server.url, 'Frank Miller', '/admin/invoices');
    const office$ = <T,>(method: string, path: string, body?: unknown) => api<T>(office.page, method, path, body).then((r) => r.json);
    const client = await office$<{ id: string }>('POST', '/api/clients', aClientInput({ name: NAME }));
    const inv = await office$<{ id: string; number: string }>('POST', '/api/invoices', { clientId: client.id, terms: 'net30', lines: [{ description: 'Alarm panel and keypad', quantity: 1, unitPriceCents: 120_000, taxRateBp: 825 }] });
    await office$('POST', `/api/invoices/${inv.id}/send`, {});
    const made = { ...inv, url: (await office$<{ publicUrl: string }>('GET', `/api/invoices/${inv.id}`)).publicUrl };

    const { page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await page.goto(made.url);
    await page.getByRole('button', { name: 'Pay $1,299.00' }).waitFor();
    await page.getByRole('button', { name: 'Pay part' }).click();
    const amount = page.getByLabel('Amount to pay now (at most $1,299.00)');
    await amount.fill('$5,000.00');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Amount: $5,000.00 is more than the balance due ($1,299.00); enter at most $1,299.00.').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await amount.fill('$400.00');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // The provider's hosted page (the peer), then back on the link.
    await page.waitForURL(`${peer.url}/pay/**`);
    await page.getByRole('heading', { name: 'Pay $400.00' }).waitFor();
    expect(await page.getByText(`Invoice ${made.number}`).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Pay $400.00' }).click();
    await page.waitForURL(`${made.url}?checkout=*`);
    await page.getByText('Payment received — thank you. $400.00 is recorded on this invoice.').waitFor();
    const totals = page.getByRole('article', { name: `Invoice ${made.number}` });
    await totals.getByText('$899.00').first().waitFor();
    expect(await page.getByText(/^Paid \d/).count()).toBe(1);
    await page.getByRole('button', { name: 'Pay $899.00' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Every event was delivered twice and accepted; the office sees one payment of $400.00.
    expect(peer.answers.length).toBe(4);
    expect(peer.answers.every((s) => s === 200)).toBe(true);
    const { payments } = (await office$<{ invoice: { payments: { amountCents: number; method: string }[] } }>('GET', `/api/invoices/${made.id}`)).invoice;
    expect(payments).toEqual([expect.objectContaining({ amountCents: 40_000, method: 'card' })]);
  });
});
