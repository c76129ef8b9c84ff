import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, shot } from '../support/browser.ts';
import { TestClient } from '../support/http-client.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';
import { api } from '../support/page-api.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { aProposalRequest } from '../support/proposal-doubles.ts';
import { openDocumentStore } from '../../src/adapters/open-document-store.ts';

const NAME = 'Henrietta Ottoline Featherstonehaugh-Wainwright';
const EMAIL = 'henrietta.ottoline.featherstonehaugh-wainwright@longfamilyname-example.com';
const CASEY = 'casey.jordan@example.com';
const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

async function tokenMailedTo(smtp: SmtpPeer, to: string, after: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const raw = smtp.received.slice(after).findLast((m) => m.to.includes(to))?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = raw ? /\/portal#token=([A-Za-z0-9_-]+)/.exec(raw)?.[1] : undefined;
    if (token) return token;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no sign-in link mailed to ${to}`);
}

/**
 * The client hub in Chromium (docs/portal.md): a customer without Google asks for a link, opens
 * it from the mail the SMTP peer got, lands on /portal and sees her invoice; the same link a
 * second time is refused with a way to ask for a new one; Casey (the provider's ordinary user),
 * once her e-mail is a client contact, signs in with the provider from /portal and lands there.
 */
describe('client hub in Chromium', () => {
  let smtp: SmtpPeer;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: smtp.url } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
    await smtp?.close();
  });

  it('a customer signs in by e-mailed link and sees her invoices; a used or expired link is refused; Casey signs in with the provider and lands on /portal', async () => {
    // The office's set-up over HTTP (signed in through the provider), so the browser's time goes to the customer.
    const office = await TestClient.signedIn(server.url, 'demo-admin-frank');
    const send = async <T,>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> => {
      const res = await office.send(method, path, body);
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const h = await send<{ id: string }>('POST', '/api/clients', aClientInput({ name: NAME, contacts: [{ name: NAME, role: 'Owner', emails: [EMAIL], phones: ['(555) 867-5309'] }] }));
    const s = await send<{ id: string }>('POST', `/api/clients/${h.id}/sites`, aSiteInput({ label: 'Featherstonehaugh-Wainwright family residence (main house)' }));
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const title = i === 0 ? 'Alarm panel, keypad and two wireless door contacts for the east wing' : `Monitoring ${i}`;
      const inv = await send<{ id: string; number: string }>('POST', '/api/invoices', { clientId: h.id, terms: 'net30', title, lines: [{ description: 'Work', quantity: 1, unitPriceCents: 12_345 * (i + 1), taxRateBp: 825 }] });
      await send('POST', `/api/invoices/${inv.id}/send`, {});
      numbers.push(inv.number);
    }
    const p = await send<{ id: string }>('POST', '/api/proposals', { ...aProposalRequest(h.id, s.id) });
    await send('POST', `/api/proposals/${p.id}/send`, {});
    const job = await send<{ id: string }>('POST', '/api/jobs', { clientId: h.id, siteId: s.id, type: 'service', title: 'Yearly inspection of the alarm and cameras' });
    const start = new Date(Date.now() + 3 * 86_400_000);
    await send('PUT', `/api/jobs/${job.id}/schedule`, { window: { start: start.toISOString(), end: new Date(start.getTime() + 2 * 3_600_000).toISOString() }, assignees: ['emp-maria'] });
    await send('POST', '/api/monitoring/contracts', { clientId: h.id, siteId: s.id, plan: 'Gold monitoring with video verification', monthlyFeeCents: 4999, billingCycle: 'monthly', startDate: new Date().toISOString().slice(0, 10) });
    await send('POST', '/api/clients', aClientInput({ name: 'Casey Jordan', contacts: [{ name: 'Casey Jordan', role: 'Owner', emails: [CASEY], phones: [] }] }));
    const seeded = { numbers };

    // A customer without Google, on a phone: asks for a link on /portal.
    const { context: phone, page } = await newPage(browser, { viewport: PHONE });
    await page.goto(`${server.url}/portal`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await shot(page, 'portal-sign-in-phone');
    const before = smtp.received.length;
    await page.getByLabel('Your e-mail').fill(EMAIL);
    await page.getByRole('button', { name: 'E-mail me a link' }).click();
    await page.getByText('Check your e-mail.').waitFor();
    const token = await tokenMailedTo(smtp, EMAIL, before);

    // Opens the link from the mail: one click signs her in, and she sees her invoices.
    await page.goto(`${server.url}/portal#token=${token}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: `Hello, ${NAME}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal');
    expect(page.url()).not.toContain(token);
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await expect(invoices.getByText(seeded.numbers[0]!, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(invoices.getByRole('link', { name: 'Pay' }).count()).resolves.toBe(5);
    await expect(page.getByText('Technician: Maria').isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Full-size buttons on a phone: every button and button-like link of the hub is a thumb's height and readable.
    const small = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main button, main a[class*="rounded-md"]'))
        .filter((el) => el.checkVisibility())
        .map((el) => ({ text: (el.textContent ?? '').trim(), height: el.getBoundingClientRect().height, font: parseFloat(getComputedStyle(el).fontSize) }))
        .filter((b) => b.height < 36 || b.font < 14),
    );
    expect(small).toEqual([]);
    expect(await page.locator('main button, main a[class*="rounded-md"]').count()).toBeGreaterThan(10);
    await shot(page, 'portal-hub-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'portal-hub-desktop');
    await phone.close();

    // The same link again: refused, with a way to ask for a new one.
    const { context: again, page: second } = await newPage(browser, { viewport: PHONE });
    await second.goto(`${server.url}/portal#token=${token}`);
    await second.getByRole('button', { name: 'Sign in', exact: true }).click();
    await second.getByText('This sign-in link has already been used. Ask for a new one below.').waitFor();
    await expect(second.getByRole('button', { name: 'E-mail me a new link' }).isVisible()).resolves.toBe(true);
    expect((await api<{ state: string }>(second, 'GET', '/api/session')).json.state).toBe('signed-out');
    await shot(second, 'portal-used-link-phone');
    await again.close();

    // A link older than 15 minutes: its stored expiry is moved into the past (the server's own store
    // adapter on the server's file), then the customer opens it and is refused with a way forward.
    const asked = smtp.received.length;
    const { context: late, page: third } = await newPage(browser, { viewport: PHONE });
    await third.goto(`${server.url}/portal`);
    await third.getByLabel('Your e-mail').fill(EMAIL);
    await third.getByRole('button', { name: 'E-mail me a link' }).click();
    await third.getByText('Check your e-mail.').waitFor();
    const stale = await tokenMailedTo(smtp, EMAIL, asked);
    const store = await openDocumentStore(`sqlite:${server.dataDir}/app.db`);
    const links = store.collection('portal_sign_in_links');
    const open = (await links.query({ limit: 100 })).docs.filter((d) => d['email'] === EMAIL && !d['usedAt']);
    expect(open.length).toBeGreaterThan(0);
    for (const d of open) await links.update(d.id, { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    await store.close();
    await third.goto(`${server.url}/portal#token=${stale}`);
    await third.getByRole('button', { name: 'Sign in', exact: true }).click();
    await third.getByText(/expired/).waitFor();
    await expect(third.getByRole('button', { name: 'E-mail me a new link' }).isVisible()).resolves.toBe(true);
    expect((await api<{ state: string }>(third, 'GET', '/api/session')).json.state).toBe('signed-out');
    await shot(third, 'portal-expired-link-phone');
    await late.close();

    // Casey, whose e-mail is now a client contact, signs in with the provider from /portal and stays there.
    const { context: desk, page: casey } = await newPage(browser, { viewport: DESKTOP });
    await casey.goto(`${server.url}/portal`);
    const signIn = casey.getByRole('main').getByRole('button', { name: 'Sign in with Google' });
    const [popup] = await Promise.all([desk.waitForEvent('page'), signIn.click()]);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: /^Casey Jordan/ }).click().catch(() => {});
    await closed;
    await casey.getByRole('heading', { name: 'Hello, Casey Jordan' }).waitFor();
    expect(new URL(casey.url()).pathname).toBe('/portal');
    await expect(casey.getByText('No invoices yet').isVisible()).resolves.toBe(true);
    await shot(casey, 'portal-casey-desktop');
  }, 30_000);
});
