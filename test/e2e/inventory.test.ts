import { describe, expect, it } from 'vitest';
import { readCollection } from '../support/stored-documents.ts';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';

describe('the inventory manager in Chromium', () => {
  const env = serverAndBrowser();

  it('an admin receives 3 serialized cameras, uses one serial on a job, and follows its history', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/inventory');
    await page.getByRole('table', { name: 'Inventory items' }).getByText('DSC PowerSeries Neo HS2064 panel').waitFor();

    // A new serialized camera.
    await page.getByRole('button', { name: 'New item' }).click();
    const form = page.getByRole('form', { name: 'New item' });
    await form.getByLabel('SKU').fill('E2E-DOME-4MP');
    await form.getByLabel('Category').selectOption('camera');
    await form.getByLabel('Name').fill('E2E 4MP dome camera');
    await form.getByLabel('Unit cost ($)').fill('129.50');
    await form.getByLabel('Unit price ($)').fill('249');
    await form.getByLabel('Reorder point').fill('1');
    await form.getByLabel('Reorder quantity').fill('4');
    await form.getByLabel('Track serial numbers').check();
    await form.getByLabel('Horizontal resolution (px)').fill('2688');
    await form.getByLabel('Horizontal FOV (degrees)').fill('103');
    await form.getByRole('button', { name: 'Create item' }).click();

    // The drawer opens on the new item: receive three with serials.
    const drawer = page.getByRole('dialog', { name: 'E2E 4MP dome camera' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Record movement' }).click();
    await drawer.getByRole('combobox', { name: /^Movement/ }).selectOption('receive');
    await drawer.getByRole('textbox', { name: /^Quantity/ }).fill('3');
    await drawer.getByRole('textbox', { name: /^Serial numbers/ }).fill('E2E-SN-001\nE2E-SN-002\nE2E-SN-003');
    await drawer.getByRole('button', { name: 'Record movement' }).click();
    await expect.poll(() => drawer.getByTestId('stock-on-hand').textContent()).toBe('3');
    expect(await drawer.getByTestId('stock-available').textContent()).toBe('3');

    // A job to use it on, made through the API with the admin's session.
    const { csrfToken } = (await (await context.request.get(`${env.server.url}/api/session`)).json()) as { csrfToken: string };
    const post = async <T,>(path: string, data: unknown): Promise<T> => {
      const res = await context.request.post(`${env.server.url}${path}`, { data, headers: { 'x-csrf-token': csrfToken, origin: env.server.url } });
      expect(res.status(), path).toBe(201);
      return (await res.json()) as T;
    };
    const client = await post<{ id: string; sites: { id: string }[] }>('/api/clients', aClientInput({ name: 'Marguerite Delacroix-Vanderbilt', sites: [aSiteInput({ label: 'Riverside house' })] }));
    const job = await post<{ id: string; number: string }>('/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'install', title: 'Riverside cameras' });

    // Use one serial on a job: the job is found and picked, never typed; a number that names no job finds nothing.
    await drawer.getByRole('button', { name: 'Record movement' }).click();
    await drawer.getByRole('combobox', { name: /^Movement/ }).selectOption('use');
    await drawer.getByRole('textbox', { name: /^Quantity/ }).fill('1');
    await drawer.getByRole('textbox', { name: /^Serial numbers/ }).fill('E2E-SN-002');
    await drawer.getByRole('button', { name: 'Record movement' }).click();
    await drawer.getByText('Job: find the job it was used on and pick it from the list.').waitFor();
    const jobSearch = drawer.getByRole('searchbox', { name: /^Job/ });
    await jobSearch.fill('JOB-9999');
    await drawer.getByRole('list', { name: 'Matching jobs' }).getByText('No open job matches “JOB-9999”.').waitFor();
    await jobSearch.fill('Delacroix');
    await drawer.getByRole('list', { name: 'Matching jobs' }).getByRole('button', { name: new RegExp(`${job.number} · Riverside cameras — Marguerite Delacroix-Vanderbilt · Riverside house`) }).click();
    await drawer.getByTestId('picked-job').getByText(`${job.number} · Riverside cameras`).waitFor();
    await drawer.getByRole('button', { name: 'Record movement' }).click();
    await expect.poll(() => drawer.getByTestId('stock-on-hand').textContent()).toBe('2');

    // The movement names the job as a link, and the site that came with it.
    const movements = drawer.getByRole('table', { name: 'Movements' });
    const link = movements.getByRole('link', { name: `${job.number} · Riverside cameras` });
    expect(await link.getAttribute('href')).toBe(`/admin/jobs?job=${job.id}`);
    await movements.getByText('Site Riverside house (Marguerite Delacroix-Vanderbilt)').waitFor();

    // The serial's history: received, then installed on the job at the site.
    await drawer.getByRole('button', { name: /E2E-SN-002 · Installed/ }).click();
    const history = drawer.getByRole('region', { name: 'History of E2E-SN-002' });
    await history.getByText(`E2E-SN-002: Installed — installed on ${job.number} · Riverside cameras at Riverside house (Marguerite Delacroix-Vanderbilt)`).waitFor();
    const steps = await history.getByRole('listitem').allTextContents();
    expect(steps).toHaveLength(2);
    expect(steps[0]).toMatch(/Received from supplier → In stock/);
    expect(steps[1]).toMatch(new RegExp(`Used on a job → Installed · Job ${job.number} · Riverside cameras · Site Riverside house`));

    // It was the wrong camera: Reverse asks first, then records the opposite movement; the original stays, marked.
    await movements.getByRole('button', { name: /^Reverse: Used on a job/ }).click();
    const confirm = drawer.getByRole('alertdialog', { name: 'Reverse this movement?' });
    await confirm.getByText('on hand 2 → 3', { exact: false }).waitFor();
    await confirm.getByLabel('Why (optional)').fill('Wrong camera scanned');
    await confirm.getByRole('button', { name: 'Reverse movement' }).click();
    await expect.poll(() => drawer.getByTestId('stock-on-hand').textContent()).toBe('3');
    await movements.getByText(/^Reversed .* by Frank Miller$/).waitFor();
    await movements.getByText('Wrong camera scanned').waitFor();
    expect(await movements.getByRole('button', { name: /^Reverse:/ }).count()).toBe(1); // only the receipt is left to reverse
    await drawer.getByRole('button', { name: /E2E-SN-002 · In stock/ }).waitFor();
    await context.close();

    // What the env.server stored, read straight from its database.
    const [item] = readCollection<{ sku: string; onHand: number }>(env.server.dataDir, 'inventory_items').filter((i) => i.sku === 'E2E-DOME-4MP');
    expect(item).toMatchObject({ onHand: 3 });
    const serial = readCollection<{ serial: string; status: string; jobId: string | null }>(env.server.dataDir, 'serial_numbers').find((s) => s.serial === 'E2E-SN-002');
    expect(serial).toMatchObject({ status: 'in-stock', jobId: null });
    const stored = readCollection<{ kind: string; reversedBy?: string; reverses?: string }>(env.server.dataDir, 'stock_movements');
    const use = stored.find((m) => m.kind === 'use');
    expect(stored.find((m) => m.kind === 'reverse')).toMatchObject({ reverses: expect.any(String) });
    expect(use?.reversedBy).toEqual(expect.any(String));
  });

  it('Maria (viewInventory only) sees stock and history but no edit controls', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Maria Lopez', '/admin/inventory');
    const table = page.getByRole('table', { name: 'Inventory items' });
    await table.getByText('DSC PowerSeries Neo HS2064 panel').click();
    const drawer = page.getByRole('dialog', { name: 'DSC PowerSeries Neo HS2064 panel' });
    await drawer.getByRole('table', { name: 'Movements' }).getByText('Opening stock').waitFor();
    expect(await drawer.getByTestId('stock-on-hand').textContent()).toBe('4');
    expect(await page.getByRole('button', { name: 'New item' }).count()).toBe(0);
    expect(await drawer.getByRole('button', { name: 'Record movement' }).count()).toBe(0);
    expect(await drawer.getByRole('button', { name: 'Edit item' }).count()).toBe(0);
    await context.close();
  });
});
