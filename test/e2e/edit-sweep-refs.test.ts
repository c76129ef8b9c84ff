import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readCollection } from '../support/stored-documents.ts';
import { appRendered, newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { api } from '../support/page-api.ts';

/**
 * Edit sweep of the references area (issue 14): records are created, edited through their
 * screens, saved and read back; a bad value in each form shows its field's message and changes
 * nothing stored; History reads in words, names and local dates; every page has its own tab
 * title; a new visitor's first page view is accepted the first time.
 */
const BUSINESS = 'Shieldline Security';
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The text of the error tied to a control through aria-describedby. */
async function fieldError(page: Page, controlId: string): Promise<string> {
  const control = page.locator(`#${controlId}`);
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
  const describedBy = await control.getAttribute('aria-describedby');
  return (await page.locator(`#${describedBy}`).textContent()) ?? '';
}

describe('edit sweep: inventory, reviews, history, titles, page views', () => {
  const env = serverAndBrowser();

  it('a new visitor’s first page view is accepted first time; a review they leave gets a reply that is written, edited and read back', async () => {
    const visitor = await newPage(env.browser);
    const views: number[] = [];
    visitor.page.on('response', (r) => {
      if (r.url().endsWith('/api/analytics/page-view')) views.push(r.status());
    });
    const firstView = visitor.page.waitForResponse((r) => r.url().endsWith('/api/analytics/page-view'));
    await visitor.page.goto(`${env.server.url}/reviews`);
    await appRendered(visitor.page);
    expect((await firstView).status()).toBe(204);
    await expect.poll(() => visitor.page.title()).toBe(`Reviews – ${BUSINESS}`);
    const form = visitor.page.getByRole('form', { name: 'Leave a review' });
    await form.waitFor();
    await form.getByLabel('Your name').fill('Bartholomew Okonkwo-Lindqvist');
    await form.getByRole('group', { name: /Your rating/ }).getByRole('radio', { name: /^4 stars/ }).check({ force: true });
    await form.getByLabel('Your review').fill('Tidy install of four cameras; the crew explained the app to my parents patiently.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await visitor.page.getByText('Thank you for your review.').waitFor();
    expect(views).toEqual([204]);
    await visitor.context.close();

    const { page, context } = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/reviews');
    await expect.poll(() => page.title()).toBe(`Reviews – ${BUSINESS}`);
    // The filter reads in words, not the 'pending' slug.
    expect(await page.getByLabel('Show').locator('option:checked').textContent()).toBe('Waiting for review');
    const card = page.getByRole('listitem', { name: 'Review by Bartholomew Okonkwo-Lindqvist' });
    await card.getByText('Waiting for review').waitFor();
    const reply = card.getByRole('textbox', { name: /Owner reply/ });
    const replyId = (await reply.getAttribute('id'))!;

    await reply.fill('Thank you, Bartholomew. Call us any time if the app needs another walk-through.');
    await card.getByRole('button', { name: 'Save reply' }).click();
    await card.getByText('Reply saved.').waitFor();
    await page.reload();
    await expect.poll(() => reply.inputValue()).toBe('Thank you, Bartholomew. Call us any time if the app needs another walk-through.');

    await reply.fill('Thank you, Bartholomew! Call us any time if the app needs another walk-through.');
    await card.getByRole('button', { name: 'Save reply' }).click();
    await card.getByText('Reply saved.').waitFor();
    await page.reload();
    await expect.poll(() => reply.inputValue()).toBe('Thank you, Bartholomew! Call us any time if the app needs another walk-through.');

    // Too long: the message sits at the reply box, and the stored reply stays as it was.
    await reply.fill('x'.repeat(2001));
    await card.getByRole('button', { name: 'Save reply' }).click();
    expect(await fieldError(page, replyId)).toBe('Reply is too long (2000 characters at most).');
    const stored = readCollection<{ authorName: string; ownerReply: { text: string } | null }>(env.server.dataDir, 'reviews').find((r) => r.authorName === 'Bartholomew Okonkwo-Lindqvist');
    expect(stored?.ownerReply?.text).toBe('Thank you, Bartholomew! Call us any time if the app needs another walk-through.');
    await context.close();
  });

  it('an inventory item is created, edited through its drawer and read back; bad values show at their fields and change nothing; its History reads in words', async () => {
    const { page, context } = await newPage(env.browser, { viewport: { width: 1366, height: 800 } });
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/inventory');
    await expect.poll(() => page.title()).toBe(`Inventory – ${BUSINESS}`);
    await page.getByRole('table', { name: 'Inventory items' }).getByText('DSC PowerSeries Neo HS2064 panel').waitFor();

    await page.getByRole('button', { name: 'New item' }).click();
    const create = page.getByRole('form', { name: 'New item' });
    await create.getByLabel('SKU').fill('SWEEP-PIR-LONG');
    await create.getByLabel('Category').selectOption('sensor');
    await create.getByLabel('Name').fill('Hikvision AX PRO wireless PIR motion detector, pet-immune');
    await create.getByLabel('Unit cost ($)').fill('38.40');
    await create.getByLabel('Unit price ($)').fill('79');
    await create.getByLabel('Reorder point').fill('2');
    await create.getByLabel('Reorder quantity').fill('6');
    await create.getByRole('button', { name: 'Create item' }).click();

    const drawer = page.getByRole('dialog', { name: /Hikvision AX PRO wireless PIR/ });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Edit item' }).click();
    const edit = drawer.getByRole('form', { name: 'Edit item' });
    await edit.getByLabel('Unit price ($)').fill('$1,089.50');
    await edit.getByLabel('Category').selectOption('accessory');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await drawer.getByText(/price \$1,089\.50/).waitFor();
    await drawer.getByText(/Accessory/).first().waitFor();

    // Read back after a reload (the drawer's item is in the address): the stored item and the drawer agree.
    await page.reload();
    await drawer.getByText(/price \$1,089\.50/).waitFor();
    const item = readCollection<{ sku: string; unitPriceCents: number; category: string }>(env.server.dataDir, 'inventory_items').find((i) => i.sku === 'SWEEP-PIR-LONG');
    expect(item).toMatchObject({ unitPriceCents: 108950, category: 'accessory' });

    // Bad values: a price that is not a number (checked in the form), a SKU already used (checked by the server).
    await drawer.getByRole('button', { name: 'Edit item' }).click();
    await edit.getByLabel('Unit price ($)').fill('twelve');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    expect(await fieldError(page, (await edit.getByLabel('Unit price ($)').getAttribute('id'))!)).toBe('Unit price: an amount like 129.99 or $1,089.50.');
    await edit.getByLabel('Unit price ($)').fill('1089.50');
    await edit.getByLabel('SKU').fill('DSC-HS2064');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    expect(await fieldError(page, (await edit.getByLabel('SKU').getAttribute('id'))!)).toBe('This SKU is already in use.');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    const after = readCollection<{ sku: string; unitPriceCents: number }>(env.server.dataDir, 'inventory_items').filter((i) => i.sku === 'SWEEP-PIR-LONG');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ unitPriceCents: 108950 });

    // History: who, when in local time, which fields in words, money as money; no ids, no UTC text.
    const history = drawer.getByRole('list', { name: 'Item history' });
    await history.getByText(/^Updated by Frank Miller/).waitFor();
    const text = (await history.textContent()) ?? '';
    expect(text).toContain('Unit price: $79.00 → $1,089.50');
    expect(text).toContain('Category: Sensor → Accessory');
    expect(text).toMatch(/Created by Frank Miller · [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M/);
    expect(text).not.toMatch(ISO);
    expect(text).not.toMatch(/emp-|unitPriceCents|google-oauth2/);
    await page.screenshot({ path: 'test-results/edit-sweep-refs-item.png' });
    await context.close();
  });

  it('every page sets its own tab title; a client’s page is titled with their name; an unknown path says so', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/clients');
    await expect.poll(() => page.title()).toBe(`Clients – ${BUSINESS}`);
    // A client through the API with the admin's session, then their page.
    const { csrfToken } = (await (await context.request.get(`${env.server.url}/api/session`)).json()) as { csrfToken: string };
    const created = await context.request.post(`${env.server.url}/api/clients`, {
      data: aClientInput({ name: 'Marguerite Delacroix-Vanderbilt', sites: [aSiteInput({ label: 'Riverside house' })] }),
      headers: { 'x-csrf-token': csrfToken, origin: env.server.url },
    });
    expect(created.status()).toBe(201);
    const someone = (await created.json()) as { id: string; name: string };
    const site = ((await (await context.request.get(`${env.server.url}/api/clients/${someone.id}`)).json()) as { sites: { id: string }[] }).sites[0]!;
    const job = await context.request.post(`${env.server.url}/api/jobs`, {
      data: { clientId: someone.id, siteId: site.id, type: 'inspection', title: 'Annual inspection of the riverside alarm' },
      headers: { 'x-csrf-token': csrfToken, origin: env.server.url },
    });
    expect(job.status()).toBe(201);
    const { number } = (await job.json()) as { number: string };
    await page.goto(`${env.server.url}/admin/clients/${someone.id}`);
    await expect.poll(() => page.title()).toBe(`Marguerite Delacroix-Vanderbilt – ${BUSINESS}`);
    // The client's records are links with their status in words; the job opens in its drawer.
    const jobLink = page.getByRole('link', { name: new RegExp(`${number}.*Annual inspection of the riverside alarm`) });
    await jobLink.waitFor();
    expect(await jobLink.locator('xpath=..').textContent()).toContain('Unscheduled');
    await jobLink.click();
    await page.getByRole('dialog', { name: /Annual inspection of the riverside alarm/ }).waitFor();
    for (const [path, title] of [
      ['/admin/employees?tab=hours', 'Time tracking'],
      ['/admin/files', 'Shared files'],
      ['/admin/monitoring', 'Monitoring services'],
      ['/no-such-page', 'Page not found'],
    ] as const) {
      await page.goto(`${env.server.url}${path}`);
      await expect.poll(() => page.title(), { message: path }).toBe(`${title} – ${BUSINESS}`);
    }
    await page.goto(`${env.server.url}/`);
    await expect.poll(() => page.title()).not.toContain('Page not found');
    await context.close();
  });

  it('a client renamed on their page: the existing job follows on the board and in its drawer; invoices list number, status in words, total and balance, newest first; the invoice history reads Card, Net 30, Partly paid', async () => {
    const { page, context } = await newPage(env.browser, { viewport: { width: 1366, height: 800 } });
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/clients');
    const oldName = 'Bartholomew Alexander Montgomery-Fitzgerald III';
    const newName = 'Barry Okafor-Fitzgerald of Riverside Heights';
    const client = (await api<{ id: string; sites: { id: string }[] }>(page, 'POST', '/api/clients', aClientInput({ name: oldName, company: '', sites: [aSiteInput({ label: 'Riverside house' })] }))).json;
    const job = await api<{ id: string; number: string }>(page, 'POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'install', title: 'Replace DSC panel and keypads' });
    expect(job.status).toBe(201);
    const line = { description: 'Keypad, installed', quantity: 1, unitPriceCents: 10_000, taxRateBp: 825 };
    const older = (await api<{ id: string; number: string }>(page, 'POST', '/api/invoices', { clientId: client.id, terms: 'net15', lines: [line] })).json;
    const newer = (await api<{ id: string; number: string; issueDate: string }>(page, 'POST', '/api/invoices', { clientId: client.id, terms: 'net15', lines: [line] })).json;
    expect((await api(page, 'PUT', `/api/invoices/${newer.id}`, { terms: 'net30', issueDate: newer.issueDate, lines: [line] })).status).toBe(200);
    expect((await api(page, 'POST', `/api/invoices/${newer.id}/send`, {})).status).toBe(200);
    expect((await api(page, 'POST', `/api/invoices/${newer.id}/payments`, { date: newer.issueDate, amountCents: 4_000, method: 'card' })).status).toBe(200);

    // The rename, through the client's own form.
    await page.goto(`${env.server.url}/admin/clients/${client.id}`);
    await page.getByRole('button', { name: 'Edit client' }).click();
    await page.getByLabel('Name').first().fill(newName);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: newName }).waitFor();

    // Invoices: newest number first, each a link, status in words, money as money, no slugs.
    const invoices = page.getByRole('list', { name: 'Invoices' });
    await invoices.getByRole('link', { name: new RegExp(newer.number) }).waitFor();
    const rows = await invoices.getByRole('listitem').allTextContents();
    expect(rows[0]).toMatch(new RegExp(`^${newer.number}.*Partly paid · total \\$108\\.25 · balance \\$68\\.25 · [A-Z][a-z]{2} \\d{1,2}, \\d{4}$`));
    expect(rows[1]).toMatch(new RegExp(`^${older.number}.*Draft · total \\$108\\.25 · balance \\$108\\.25 · `));
    expect(rows.join(' ')).not.toMatch(/partial|draft|\d{4}-\d{2}-\d{2}/);

    // The job made before the rename carries the new name: its drawer, the board, the search.
    await page.getByRole('link', { name: new RegExp(`${job.json.number}.*Replace DSC panel`) }).click();
    const drawer = page.getByRole('dialog', { name: /Replace DSC panel and keypads/ });
    await drawer.getByText(newName).waitFor();
    await page.goto(`${env.server.url}/admin/jobs?q=okafor`);
    await page.getByText(newName).first().waitFor();
    expect(await page.getByText(oldName).count()).toBe(0);

    // The sent invoice keeps the billed name; its history reads in words.
    await page.goto(`${env.server.url}/admin/invoices?invoice=${newer.id}`);
    const detail = page.getByRole('complementary', { name: `Invoice ${newer.number}` });
    await detail.getByText('History').click();
    const history = detail.getByRole('list', { name: 'History' });
    await history.waitFor();
    const text = (await history.textContent()) ?? '';
    expect(text).toContain('Terms: Net 15 → Net 30');
    expect(text).toContain('Status: Sent → Partly paid');
    expect(text).toContain('Payment method: — → Card');
    expect(text).not.toMatch(/net30|partial|: card/);
    await page.screenshot({ path: 'test-results/edit-sweep-refs-rename.png' });
    await context.close();
  });
});
