import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, shot, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';

const MARIA_ID = 'emp-maria';
/** A change must reach the open screen well within this (it is pushed, not polled every 20 s). */
const LIVE_MS = 8_000;

const screenShows = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: LIVE_MS });

describe('access changes reach open screens, in Chromium (R-AUTH-3, R-DB-9, R-AUTH-15)', () => {
  const env = serverAndBrowser();

  it('[R-AUTH-3] [R-DB-9] Maria on the job tracker loses and regains the screen as the admin deactivates, re-activates and changes her permissions, without a reload', async () => {
    const { page, context } = await newPage(env.browser);
    const streams: string[] = [];
    page.on('request', (r) => void (new URL(r.url()).pathname === '/api/session/events' && streams.push(r.url())));
    await signInAndOpen(page, env.server.url, 'Maria Lopez', '/admin/jobs');
    await screenShows(page, 'Job tracker');
    // Marks this document: a reload or navigation would lose it.
    await page.evaluate(() => ((window as unknown as { liveAccessMark: number }).liveAccessMark = 1));
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    const admin = new TestClient(env.server.url);
    await admin.signIn(DEMO.admin);
    const change = async (method: 'POST' | 'PATCH', path: string, body?: unknown) => expect((await admin.send(method, path, body)).status).toBe(200);

    await change('POST', `/api/employees/${MARIA_ID}/deactivate`);
    await screenShows(page, 'No access');
    expect(await page.getByText('Job tracker').count()).toBe(0);

    await change('PATCH', `/api/employees/${MARIA_ID}`, { employmentStatus: 'active' });
    await screenShows(page, 'Job tracker');

    await change('PATCH', `/api/employees/${MARIA_ID}`, { permissions: { viewJobs: false } });
    await screenShows(page, 'No access');

    await change('PATCH', `/api/employees/${MARIA_ID}`, { permissions: { viewJobs: true } });
    await screenShows(page, 'Job tracker');

    expect(new URL(page.url()).pathname).toBe('/admin/jobs');
    expect(await page.evaluate(() => (window as unknown as { liveAccessMark?: number }).liveAccessMark)).toBe(1);
    expect(loads).toEqual([]);
    expect(streams.length).toBeGreaterThan(0);
    await context.close();
  });

  it('[R-AUTH-15] Maria opens the invoice manager by its address: the guard stops it before any request (no 403), names the missing permission, and the screen opens in place once an admin grants it', async () => {
    const { page, context } = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
    const refused: string[] = [];
    page.on('response', (r) => void (r.status() === 403 && refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`)));
    const invoiceCalls: string[] = [];
    page.on('request', (r) => void (new URL(r.url()).pathname.startsWith('/api/invoices') && invoiceCalls.push(r.url())));
    await signInAndOpen(page, env.server.url, 'Maria Lopez', '/admin/invoices');
    await screenShows(page, 'No access');
    await expect.poll(() => page.getByTestId('missing-access').textContent()).toMatch(/^You don't have access to this page: it needs the “View invoices” permission\. An administrator can turn it on/);
    await shot(page, 'no-access-invoices-phone');
    // A loader started anyway would have asked by now.
    await page.waitForTimeout(500);
    expect(refused).toEqual([]);
    expect(invoiceCalls).toEqual([]);

    const admin = new TestClient(env.server.url);
    await admin.signIn(DEMO.admin);
    expect((await admin.send('PATCH', `/api/employees/${MARIA_ID}`, { permissions: { viewInvoices: true } })).status).toBe(200);
    await screenShows(page, 'Invoice manager');
    expect(new URL(page.url()).pathname).toBe('/admin/invoices');
    expect(invoiceCalls.length).toBeGreaterThan(0);
    expect(refused).toEqual([]);
    expect((await admin.send('PATCH', `/api/employees/${MARIA_ID}`, { permissions: { viewInvoices: false } })).status).toBe(200);
    await context.close();
  });
});
