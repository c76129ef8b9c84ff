import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { newPage, shot, signInAndOpen } from '../support/browser.ts';
import { stripeServerAndBrowser } from '../support/e2e-environment.ts';
import { api } from '../support/page-api.ts';
import { companyInput } from '../support/company-time.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';

const CASEY = 'casey.jordan@example.com';
const NAME = 'Casey Jordan-Montgomery and the Springfield Heights Homeowners Association';
/** One part of the page, for a person to look at (SHOTS_DIR). */
const part = async (l: Locator, name: string) => {
  const dir = process.env['SHOTS_DIR'];
  if (dir) await l.screenshot({ path: join(dir, `${name}.png`) });
};

/**
 * A declined auto-pay charge in Chromium (docs/payments.md "Retries"): Casey saves a card on the
 * provider's page from her hub, the office switches auto-pay on and activates her monitoring
 * contract; the card is declined. Her hub then says the payment failed, when the card is tried
 * again and offers to pay now; the client record and the invoice's history say so to the office.
 * At 1366×800 and 390×844.
 */
describe('auto-pay decline in Chromium', () => {
  const env = stripeServerAndBrowser((peer) => {
    // Every saved card declines here.
    peer.declining.has = () => true;
  });

  it('the hub and the client record show the declined invoice with its next try; the invoice history lists the attempt', async () => {
    const { server, browser, peer } = env;
    const office = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await signInAndOpen(office.page, server.url, 'Frank Miller', '/admin');
    const office$ = <T,>(method: string, path: string, body?: unknown) => api<T>(office.page, method, path, body).then((r) => r.json);
    const client = await office$<{ id: string; sites: { id: string }[] }>('POST', '/api/clients', aClientInput({ name: NAME, contacts: [{ name: 'Casey Jordan', role: 'Owner', emails: [CASEY], phones: [] }], sites: [aSiteInput()] } as never));

    // Casey saves a card from her hub.
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await page.goto(`${server.url}/portal`);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('main').getByRole('button', { name: 'Sign in with Google' }).click()]);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: /^Casey Jordan/ }).click().catch(() => {});
    await closed;
    await page.getByRole('button', { name: 'Save a card for monitoring payments' }).click();
    await page.waitForURL(`${peer.url}/pay/**`);
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Card saved: Visa •••• 4242.').waitFor();

    // The office: auto-pay on, the contract activated (billed and charged at once: declined).
    await office$('PUT', `/api/clients/${client.id}/auto-pay`, { autoPay: true });
    const contract = await office$<{ id: string }>('POST', '/api/monitoring/contracts', { clientId: client.id, siteId: client.sites[0]!.id, plan: 'Gold monitoring with cellular backup and video verification', monthlyFeeCents: 3999, billingCycle: 'monthly', startDate: companyInput(0).slice(0, 10) });
    await office$('POST', `/api/monitoring/contracts/${contract.id}/status`, { to: 'active' });
    const view = await office$<{ invoices: { invoiceId: string; number: string }[] }>('GET', `/api/monitoring/contracts/${contract.id}`);
    const inv = view.invoices[0];
    if (!inv) throw new Error(`no invoice: ${JSON.stringify(view).slice(0, 600)}`);

    await page.reload();
    const notice = page.getByRole('alert').filter({ hasText: `Card payment failed: invoice ${inv.number}` });
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toMatch(/Your card was declined\. Tried 1 of 4 times\. We will try your card again on /);
    expect(await notice.getByRole('link', { name: /^Pay \$\d+\.\d\d now$/ }).getAttribute('href')).toMatch(/\/i\//);
    const section = page.getByRole('region', { name: 'Card for monitoring payments' });
    await shot(page, 'hub-card-declined-desktop');
    await part(section, 'hub-card-declined-desktop-part');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'hub-card-declined-phone');
    await part(section, 'hub-card-declined-phone-part');

    // The office: the client record and the invoice.
    await office.page.goto(`${server.url}/admin/clients/${client.id}`);
    const officeNote = office.page.getByRole('alert').filter({ hasText: `Auto-pay declined: invoice ${inv.number}` });
    await officeNote.waitFor();
    await expect(officeNote.textContent()).resolves.toContain('The card is tried again on ');
    await shot(office.page, 'client-record-declined-desktop');
    await part(officeNote.locator('xpath=ancestor::dd[1]'), 'client-record-declined-desktop-part');
    const history = async (name: string) => {
      await office.page.goto(`${server.url}/admin/invoices?invoice=${inv.invoiceId}`);
      await office.page.getByText('History', { exact: true }).click();
      await office.page.getByText('Auto-pay attempt', { exact: false }).first().waitFor();
      await expect(office.page.getByText(/1 of 4/).first().isVisible()).resolves.toBe(true);
      await office.page.getByText('Card payment failed').first().waitFor();
      await shot(office.page, name);
      await part(office.page.getByRole('list', { name: 'History' }), `${name}-part`);
    };
    await history('invoice-declined-desktop');
    await office.page.setViewportSize({ width: 390, height: 844 });
    await history('invoice-declined-phone');
    await office.page.goto(`${server.url}/admin/clients/${client.id}`);
    await officeNote.waitFor();
    await shot(office.page, 'client-record-declined-phone');
    await part(officeNote.locator('xpath=ancestor::dd[1]'), 'client-record-declined-phone-part');
  });
});
