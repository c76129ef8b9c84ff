import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { TestClient } from '../support/http-client.ts';
import { aQuoteForm, quoteFormData } from '../support/public-site-factories.ts';
import { readCollection } from '../support/stored-documents.ts';
import { companyInput } from '../support/company-time.ts';

/** This server runs on UTC (COMPANY_TIME_ZONE below): its schedule boxes read UTC wall-clock time. */
const localInput = (hours: number) => companyInput(hours, 'UTC');

async function post<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ([p, b]) => {
      const { csrfToken } = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const res = await fetch(p, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken }, body: JSON.stringify(b) });
      if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    [path, body] as const,
  );
}

/**
 * The day's work end to end (issue #6): a website quote request becomes a client with a site, an
 * install job is scheduled for Maria, she sees it on her dashboard, clocks in against it, records
 * the panel by serial (stock drops), gets the customer's sign-off and completes it; the admin
 * approves her week.
 */
describe('the daily-work journey in Chromium', () => {
  const env = serverAndBrowser({ COMPANY_TIME_ZONE: 'UTC' });

  it('lead → client → job → dashboard → clock in → materials → sign-off → approved week', async () => {
    // A visitor asks for a quote on the website.
    const visitor = new TestClient(env.server.url);
    const form = aQuoteForm({ name: 'Ruth Bader', address: '12 Elm Street, Springfield' });
    const sent = await visitor.raw('/api/quotes', { method: 'POST', headers: { origin: env.server.url, 'x-csrf-token': await visitor.csrfToken() }, body: quoteFormData(form) });
    expect(sent.status).toBe(201);

    // Frank converts the lead into a client through the pre-filled form and lands on the client's page.
    const office = await newPage(env.browser);
    const a = office.page;
    await signInAndOpen(a, env.server.url, 'Frank Miller', '/admin/leads');
    const lead = a.getByRole('listitem', { name: 'Lead from Ruth Bader' });
    await lead.getByRole('button', { name: 'Convert to client…' }).click();
    await lead.getByRole('button', { name: 'Create client' }).click();
    await a.waitForURL((u) => u.pathname.startsWith('/admin/clients/'));
    await a.getByRole('heading', { name: 'Ruth Bader' }).first().waitFor();
    const [client] = readCollection<{ id: string; name: string; leadId: string; sites: { id: string; address: { line1: string } }[] }>(env.server.dataDir, 'clients');
    expect(client).toMatchObject({ name: 'Ruth Bader', sites: [{ address: { line1: '12 Elm Street, Springfield' } }] });

    // A serialized alarm panel in stock (the inventory screen has its own e2e).
    const item = await post<{ id: string }>(a, '/api/inventory/items', { sku: 'JRN-PANEL', name: 'Journey alarm panel', category: 'panel', unitCostCents: 10_000, unitPriceCents: 20_000, reorderPoint: 0, reorderQuantity: 0, serialized: true });
    await post(a, `/api/inventory/items/${item.id}/movements`, { kind: 'receive', quantity: 2, serials: ['JRN-A', 'JRN-B'] });

    // An install job for the new client, scheduled now and assigned to Maria.
    await a.goto(`${env.server.url}/admin/jobs`);
    await a.getByRole('button', { name: 'New job' }).click();
    const dialog = a.getByRole('dialog', { name: 'New job' });
    await dialog.getByLabel('Find a client').fill('Ruth');
    await dialog.getByRole('combobox', { name: /^Client/ }).selectOption({ label: 'Ruth Bader' });
    await expect.poll(() => dialog.getByRole('combobox', { name: /^Site/ }).inputValue()).not.toBe('');
    await dialog.getByRole('combobox', { name: /^Type/ }).selectOption('install');
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Install alarm panel');
    await dialog.getByRole('textbox', { name: /^Checklist/ }).fill('Mount panel');
    await dialog.getByRole('button', { name: 'Create job' }).click();
    const drawer = a.getByRole('dialog', { name: /Install alarm panel/ });
    const number = (await drawer.locator('#job-detail-title .font-mono').textContent())!;
    const schedule = drawer.getByRole('form', { name: 'Schedule' });
    await schedule.getByLabel('Start').fill(localInput(0));
    await schedule.getByLabel('End').fill(localInput(1));
    await schedule.getByLabel('Maria Lopez').check();
    await schedule.getByRole('button', { name: 'Save schedule' }).click();
    await drawer.getByText('Scheduled', { exact: true }).waitFor();

    // Maria sees it on her dashboard and clocks in against it.
    const field = await newPage(env.browser);
    const m = field.page;
    await signInAndOpen(m, env.server.url, 'Maria Lopez', '/employee-dashboard');
    const myJob = m.getByTestId(`my-job-${number}`);
    await myJob.getByText('12 Elm Street, Springfield').waitFor();
    // Her own phone-calendar link is offered (employees only).
    await m.getByRole('region', { name: 'Calendar feed' }).getByRole('button', { name: 'Make a calendar link' }).waitFor();
    // Screens her permissions open that the menu does not list are one click away.
    const tools = m.getByRole('navigation', { name: 'Other tools' });
    await tools.getByRole('link', { name: 'Quote requests' }).waitFor();
    expect(await tools.getByRole('link').allTextContents()).toEqual(['Quote requests', 'Contact messages', 'Shared files']);
    const clock = m.getByRole('region', { name: 'Time clock' });
    await clock.getByLabel('Job (optional)').selectOption({ label: `${number} · Install alarm panel` });
    await clock.getByRole('button', { name: 'Clock in' }).click();
    await clock.getByRole('button', { name: 'Clock out' }).waitFor();

    // On the job (one tap from her dashboard card): start it, record the panel by serial, get the sign-off, complete it.
    await myJob.getByRole('link', { name: 'Install alarm panel' }).click();
    const job = m.getByRole('dialog', { name: /Install alarm panel/ });
    await job.getByRole('button', { name: 'Mark in progress' }).click();
    await job.getByText('In progress', { exact: true }).waitFor();
    await job.getByRole('button', { name: 'Record material' }).click();
    const material = job.getByRole('form', { name: 'Record material' });
    await material.getByRole('searchbox').fill('JRN-PANEL');
    await material.getByRole('combobox').selectOption({ label: 'JRN-PANEL — Journey alarm panel (2 available)' });
    await material.getByLabel('JRN-A').check();
    await material.getByRole('button', { name: 'Record 1 used' }).click();
    await job.getByRole('region', { name: 'Materials' }).getByText('JRN-A').waitFor();
    const signOff = job.getByRole('region', { name: 'Customer sign-off' });
    await signOff.getByLabel('Customer name').fill('Ruth Bader');
    await signOff.getByTestId('signature-pad').scrollIntoViewIfNeeded();
    const pad = (await signOff.getByTestId('signature-pad').boundingBox())!;
    await m.mouse.move(pad.x + 30, pad.y + 40);
    await m.mouse.down();
    for (let i = 1; i <= 10; i++) await m.mouse.move(pad.x + 30 + i * 25, pad.y + 40 + (i % 2) * 30);
    await m.mouse.up();
    await signOff.getByRole('button', { name: 'Save sign-off' }).click();
    await signOff.getByText(/Signed by/).waitFor();
    await job.getByRole('region', { name: 'Checklist' }).getByRole('checkbox', { name: 'Mount panel' }).click();
    await expect.poll(() => job.getByRole('region', { name: 'Checklist' }).getByRole('checkbox', { name: 'Mount panel' }).isChecked()).toBe(true);
    await job.getByRole('button', { name: 'Complete' }).click();
    await job.getByText('Completed', { exact: true }).waitFor();

    // Back on the dashboard: clock out.
    await m.goto(`${env.server.url}/employee-dashboard`);
    await clock.getByRole('button', { name: 'Clock out' }).click();
    await clock.getByText('You are clocked out.').waitFor();
    await field.context.close();

    // Frank approves Maria's week.
    await a.goto(`${env.server.url}/admin/employees?tab=hours`);
    const row = a.getByRole('row', { name: /Maria Lopez/ });
    await row.getByText('Not approved').waitFor();
    await row.getByRole('button', { name: 'Maria Lopez' }).click();
    const panel = a.getByRole('region', { name: /Maria Lopez ·/ });
    await panel.getByRole('button', { name: 'Approve week' }).click();
    await panel.getByRole('button', { name: 'Approve entries so far' }).click();
    await row.getByText('Approved', { exact: true }).waitFor();
    await office.context.close();

    // What was stored.
    const [stored] = readCollection<{ number: string; status: string; clientId: string; assignees: string[]; signOff: { name: string }; materials: { serials: string[] }[] }>(env.server.dataDir, 'jobs');
    expect(stored).toMatchObject({ number, status: 'completed', clientId: client!.id, assignees: ['emp-maria'], signOff: { name: 'Ruth Bader' } });
    expect(stored!.materials.map((x) => x.serials)).toEqual([['JRN-A']]);
    const [panelItem] = readCollection<{ sku: string; onHand: number }>(env.server.dataDir, 'inventory_items').filter((i) => i.sku === 'JRN-PANEL');
    expect(panelItem!.onHand).toBe(1);
    const entries = readCollection<{ employeeId: string; jobId: string | null; jobNumber: string | null; clockOut: string | null; status: string }>(env.server.dataDir, 'time_entries');
    expect(entries).toEqual([expect.objectContaining({ employeeId: 'emp-maria', jobNumber: number, status: 'approved' })]);
    expect(entries[0]!.clockOut).not.toBeNull();
    const [quote] = readCollection<{ status: string; convertedClientId: string }>(env.server.dataDir, 'quote_requests');
    expect(quote).toMatchObject({ status: 'won', convertedClientId: client!.id });
  });
});
