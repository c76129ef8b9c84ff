import { describe, expect, it } from 'vitest';
import { readCollection } from '../support/stored-documents.ts';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';

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

    // Use one serial on a job.
    await drawer.getByRole('button', { name: 'Record movement' }).click();
    await drawer.getByRole('combobox', { name: /^Movement/ }).selectOption('use');
    await drawer.getByRole('textbox', { name: /^Quantity/ }).fill('1');
    await drawer.getByRole('textbox', { name: /^Serial numbers/ }).fill('E2E-SN-002');
    await drawer.getByRole('textbox', { name: /^Job/ }).fill('JOB-0042');
    await drawer.getByRole('textbox', { name: /^Site/ }).fill('12 Elm St');
    await drawer.getByRole('button', { name: 'Record movement' }).click();
    await expect.poll(() => drawer.getByTestId('stock-on-hand').textContent()).toBe('2');

    // The serial's history: received, then installed on the job at the site.
    await drawer.getByRole('button', { name: /E2E-SN-002 · Installed/ }).click();
    const history = drawer.getByRole('region', { name: 'History of E2E-SN-002' });
    await history.getByText('E2E-SN-002: Installed — installed on JOB-0042 at 12 Elm St').waitFor();
    const steps = await history.getByRole('listitem').allTextContents();
    expect(steps).toHaveLength(2);
    expect(steps[0]).toMatch(/Received from supplier → In stock/);
    expect(steps[1]).toMatch(/Used on a job → Installed · Job JOB-0042 · Site 12 Elm St \(Frank Miller\)/);
    await context.close();

    // What the env.server stored, read straight from its database.
    const [item] = readCollection<{ sku: string; onHand: number }>(env.server.dataDir, 'inventory_items').filter((i) => i.sku === 'E2E-DOME-4MP');
    expect(item).toMatchObject({ onHand: 2 });
    const serial = readCollection<{ serial: string; status: string; jobId: string }>(env.server.dataDir, 'serial_numbers').find((s) => s.serial === 'E2E-SN-002');
    expect(serial).toMatchObject({ status: 'installed', jobId: 'JOB-0042' });
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
