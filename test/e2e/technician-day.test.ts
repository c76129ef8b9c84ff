import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, shot, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';

/** Set-up the screens do not own, through the API as the signed-in person. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const res = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken }, body: JSON.stringify(body ?? {}) });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    { method, path, body },
  );
}

async function signOn(page: Page, name: string): Promise<void> {
  const region = page.getByRole('region', { name: 'Customer sign-off' });
  await region.getByLabel('Customer name').fill(name);
  await region.getByTestId('signature-pad').scrollIntoViewIfNeeded();
  const pad = await region.getByTestId('signature-pad').boundingBox();
  await page.mouse.move(pad!.x + 30, pad!.y + 40);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(pad!.x + 30 + i * 20, pad!.y + 40 + (i % 2) * 30);
  await page.mouse.up();
}

describe("the technician's day in Chromium", () => {
  const env = serverAndBrowser();

  it('Maria on her phone: On my way once, 44 px checklist rows, remove asks first, Replace signature, back to the dashboard, a finished visit stays under Today; the office sees no On my way', async () => {
    const admin = await newPage(env.browser, { viewport: { width: 1366, height: 800 } });
    await signInAndOpen(admin.page, env.server.url, 'Frank Miller', '/admin/jobs');
    await admin.page.getByRole('heading', { name: 'Job tracker' }).waitFor();
    const client = await api<{ id: string; sites: { id: string }[] }>(admin.page, 'POST', '/api/clients', {
      kind: 'residential',
      name: 'Bartholomew Alexander Montgomery-Fitzgerald III',
      sites: [{ label: 'Home', address: { line1: '4821 North Westmoreland Blvd', line2: 'Apartment 12B', city: 'Springfield', postcode: '62704' } }],
    });
    const checklist = ['Replace the DSC PowerSeries panel battery and log the voltage', 'Test the siren from the keypad and the app', 'Program the two new key fobs'];
    const window = { start: new Date(Date.now() - 3_600_000).toISOString(), end: new Date(Date.now() + 3_600_000).toISOString() };
    const install = await api<{ id: string; number: string }>(admin.page, 'POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'install', title: 'Alarm panel install with two keypads and a cellular communicator', checklist });
    await api(admin.page, 'PUT', `/api/jobs/${install.id}/schedule`, { window, assignees: ['emp-maria'] });
    const done = await api<{ id: string; number: string }>(admin.page, 'POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'service', title: 'Swap the siren battery' });
    await api(admin.page, 'PUT', `/api/jobs/${done.id}/schedule`, { window, assignees: ['emp-maria'] });
    await api(admin.page, 'POST', `/api/jobs/${done.id}/status`, { status: 'in-progress' });
    await api(admin.page, 'POST', `/api/jobs/${done.id}/status`, { status: 'completed' });

    // The office's drawer at 1366×800: no On my way (Frank is not on the visit).
    await admin.page.goto(`${env.server.url}/admin/jobs?job=${install.id}`);
    const officeDrawer = admin.page.getByRole('dialog', { name: /Alarm panel install/ });
    await officeDrawer.getByRole('region', { name: 'Checklist' }).waitFor();
    expect(await officeDrawer.getByRole('button', { name: 'On my way' }).count()).toBe(0);
    await shot(admin.page, 'admin-drawer-1366');
    await admin.context.close();

    const { page, context } = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
    await signInAndOpen(page, env.server.url, 'Maria Lopez', '/employee-dashboard');
    const card = page.getByTestId(`my-job-${install.number}`);
    await card.waitFor();
    const finished = page.getByTestId(`my-job-${done.number}`);
    await finished.getByText('Done', { exact: true }).waitFor();
    for (const row of await card.getByTestId('checklist-row').all()) expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await card.getByRole('button', { name: 'On my way' }).click();
    await card.getByText(/^Told Bartholomew Alexander Montgomery-Fitzgerald III you are on the way at /).waitFor();
    await shot(page, 'dashboard-390');
    await card.getByRole('button', { name: 'On my way' }).click();
    await card.getByText(/^Already told Bartholomew Alexander Montgomery-Fitzgerald III at .*; nothing sent again\.$/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Open the job from the dashboard: the drawer, the checklist, the sign-off.
    await card.getByRole('link', { name: /Alarm panel install/ }).click();
    await page.waitForURL(/from=dashboard/);
    const drawer = page.getByRole('dialog', { name: /Alarm panel install/ });
    const list = drawer.getByRole('region', { name: 'Checklist' });
    await list.waitFor();
    await drawer.getByText(/^Already told Bartholomew/).waitFor();
    await shot(page, 'drawer-top-390');
    for (const row of await list.getByTestId('checklist-row').all()) expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await list.getByRole('checkbox', { name: checklist[1] }).click();
    await expect.poll(() => list.getByRole('checkbox', { name: checklist[1] }).isChecked()).toBe(true);
    await list.getByRole('checkbox', { name: checklist[1] }).click();
    await expect.poll(() => list.getByRole('checkbox', { name: checklist[1] }).isChecked()).toBe(false);
    await list.getByRole('button', { name: `Remove ${checklist[2]}` }).click();
    await list.getByRole('alertdialog').waitFor();
    await shot(page, 'drawer-remove-ask-390');
    await list.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => list.getByRole('checkbox', { name: checklist[2] }).count()).toBe(0);

    await drawer.getByRole('button', { name: 'Mark in progress' }).click();
    await drawer.getByRole('button', { name: 'Complete' }).waitFor();
    await signOn(page, 'Ada Montgomery-Fitzgerald');
    await drawer.getByRole('button', { name: 'Save sign-off' }).click();
    const signOff = drawer.getByRole('region', { name: 'Customer sign-off' });
    await signOff.getByText(/Signed by/).waitFor();
    expect(await signOff.getByLabel('Customer name').count()).toBe(0);
    await signOff.getByRole('button', { name: 'Replace signature' }).click();
    await signOff.getByText("The new signature replaces Ada Montgomery-Fitzgerald's. The job's history keeps both names.").waitFor();
    await signOn(page, 'Bob Montgomery-Fitzgerald');
    await shot(page, 'drawer-replace-signature-390');
    await signOff.getByRole('button', { name: 'Save the new signature' }).click();
    await signOff.getByText('Bob Montgomery-Fitzgerald', { exact: true }).waitFor();
    const history = drawer.getByRole('list', { name: 'History' });
    await history.getByText('Signature replaced by Maria Lopez').waitFor();
    await history.getByText('Checklist item unticked by Maria Lopez').waitFor();
    await history.getByText(/^Told the customer "On my way" by Maria Lopez/).waitFor();
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'drawer-history-390');

    // Closing returns to the dashboard.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/employee-dashboard$/);
    await page.getByTestId(`my-job-${done.number}`).getByText('Done', { exact: true }).waitFor();
    await context.close();
  });
});
