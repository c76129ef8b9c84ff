import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readCollection } from '../support/stored-documents.ts';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';

/** A client with one site, made through the API with the signed-in page's session (set-up, not under test). */
async function createClient(page: Page, body: unknown): Promise<void> {
  const status = await page.evaluate(async (json) => {
    const session = (await (await fetch('/api/session')).json()) as { csrfToken: string };
    const res = await fetch('/api/clients', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken }, body: JSON.stringify(json) });
    return res.status;
  }, body);
  expect(status).toBe(201);
}

describe('monitoring services in Chromium', () => {
  const env = serverAndBrowser();

  it('an admin creates a contract for a client site, activates it, sees it in the list and the MRR change', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/monitoring');
    await page.getByRole('heading', { name: 'Monitoring services' }).waitFor();
    await page.getByText('No monitoring contracts yet.').waitFor();
    const mrr = page.getByTestId('mrr');
    await expect.poll(() => mrr.textContent()).toContain('$0.00');

    const site = aSiteInput({ label: 'Harbour clinic', alarm: { ...aSiteInput().alarm, centralStation: 'Rapid Response', accountNumber: 'RR-4711' } });
    await createClient(page, aClientInput({ name: 'Harbour Dental', sites: [site] }));

    await page.getByRole('button', { name: 'New contract' }).click();
    const form = page.getByRole('form', { name: 'New contract' });
    // Field errors first: nothing picked yet.
    await form.getByRole('button', { name: 'Create contract' }).click();
    await form.getByText('Pick a client.').waitFor();

    await form.getByRole('searchbox', { name: /^Client/ }).fill('harbour');
    await form.getByRole('button', { name: /^Harbour Dental/ }).click();
    await form.getByTestId('picked-client').waitFor();
    // Her only site is picked for her, and its alarm account fills central station and account number.
    await expect.poll(() => form.getByLabel(/^Site/).evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Harbour clinic');
    await expect.poll(() => form.getByLabel('Central station').inputValue()).toBe('Rapid Response');
    expect(await form.getByLabel('Account number').inputValue()).toBe('RR-4711');
    await form.getByLabel(/^Plan/).fill('Monitoring Plus');
    await form.getByLabel(/^Monthly fee/).fill('39.99');
    await form.getByLabel(/^Billing cycle/).selectOption('monthly');
    await form.getByRole('button', { name: 'Create contract' }).click();

    const drawer = page.getByRole('dialog', { name: 'Contract: Monitoring Plus' });
    await drawer.getByText('Pending').waitFor();
    await drawer.getByRole('button', { name: 'Activate' }).click();
    await drawer.getByText('Active', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Close' }).click();

    const table = page.getByRole('table', { name: 'Monitoring contracts' });
    const row = table.getByRole('row', { name: /Harbour Dental/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Monitoring Plus.*\$39\.99.*Monthly.*Active/);
    await expect.poll(() => mrr.textContent()).toContain('$39.99');
    await expect.poll(() => page.getByTestId('active-count').textContent()).toContain('1');
    await context.close();

    const [stored] = readCollection<{ plan: string; status: string; monthlyFeeCents: number; accountNumber: string }>(env.server.dataDir, 'monitoring_contracts');
    expect(stored).toMatchObject({ plan: 'Monitoring Plus', status: 'active', monthlyFeeCents: 3999, accountNumber: 'RR-4711' });
  });

  it('Maria (viewClients only) sees the contracts and figures but no edit controls', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Maria Lopez', '/admin/monitoring');
    const table = page.getByRole('table', { name: 'Monitoring contracts' });
    await table.getByRole('row', { name: /Harbour Dental/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Contract: Monitoring Plus' });
    await drawer.getByText('RR-4711').waitFor();
    expect(await page.getByRole('button', { name: 'New contract' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Run billing now' }).count()).toBe(0);
    expect(await drawer.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await drawer.getByRole('button', { name: /Cancel contract/ }).count()).toBe(0);
    await context.close();
  });
});
