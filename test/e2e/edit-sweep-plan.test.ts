import { describe, expect, it } from 'vitest';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { apiWrite, clickOnPlan, openNewPlanForm } from '../support/planner-page.ts';
import { readCollection } from '../support/stored-documents.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';

/**
 * Edit sweep of a camera plan through the planner screen: created with the form (a bad value is
 * named at its field first), a camera placed, moved and given a property (a bad value refused at
 * its field), the plan renamed (an empty name refused at the field), saved, and read back after
 * a reload of the page.
 */
describe('a camera plan edited through the planner screen', () => {
  const env = serverAndBrowser();

  it('is created, renamed, its camera moved and changed, saved, and reads back the same after a reload', async () => {
    const { page, context } = await newPage(env.browser, { viewport: { width: 1366, height: 900 } });
    const base = env.server.url;
    await signInAndOpen(page, base, 'Frank Miller', '/admin/camera-planner');
    await apiWrite(page, base, 'POST', '/api/clients', aClientInput({ name: 'Lakeshore Bakery', sites: [aSiteInput({ label: 'Main shop' })] }));

    // The new-plan form: a grid 1 m wide and no name are named at their fields; nothing is created.
    const form = await openNewPlanForm(page, 'Lakeshore', 'Lakeshore Bakery', 'Main shop');
    const name = form.getByRole('textbox', { name: /^Plan name/ });
    await name.fill('');
    const width = form.getByLabel(/^Grid width/);
    await width.fill('1');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await form.locator('#plan-w-error').getByText('At least 2 m.').waitFor();
    expect(await width.getAttribute('aria-invalid')).toBe('true');
    await form.locator('#plan-name-error').getByText('Give the plan a name.').waitFor();
    expect(readCollection(env.server.dataDir, 'camera_plans')).toEqual([]);
    await width.fill('20');
    await form.getByLabel(/^Grid depth/).fill('12');
    await name.fill('Bakery draft');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await page.getByRole('heading', { name: /Bakery draft/ }).waitFor();

    // A custom-lens camera at (5 m, 6 m).
    await page.getByRole('button', { name: 'Camera', exact: true }).click();
    await clickOnPlan(page, 5, 6);
    await expect.poll(() => page.locator('[data-camera]').count()).toBe(1);

    // Select it, move it to (10 m, 6 m) through its X field, and change its mounting height.
    await page.getByRole('button', { name: 'Select / move' }).click();
    await clickOnPlan(page, 5, 6);
    const x = page.getByLabel('X (m)');
    await expect.poll(async () => Number(await x.inputValue())).toBeCloseTo(5, 0);
    await x.fill('10');
    await x.press('Enter');
    const height = page.getByLabel('Mounting height (m)');
    await height.fill('75');
    await height.press('Enter');
    await page.locator('#cam-height-error').getByText('Enter a number from 0 to 50.').waitFor();
    expect(await height.getAttribute('aria-invalid')).toBe('true');
    await height.fill('4.5');
    await height.press('Enter');
    await expect.poll(() => height.getAttribute('aria-invalid')).toBeNull();

    // Nothing selected: the plan's name. Empty is refused at the field; then renamed.
    await clickOnPlan(page, 18, 11);
    const rename = page.getByLabel('Plan name');
    await rename.fill('   ');
    await rename.press('Enter');
    await page.locator('#plan-rename-error').getByText('Give the plan a name.').waitFor();
    await rename.fill('Bakery — shop floor and back door');
    await rename.press('Enter');
    await page.getByRole('heading', { name: /Bakery — shop floor and back door/ }).waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Saved \(version \d+\)/).waitFor();

    // After a reload the screen shows what was saved.
    await page.reload();
    await page.getByRole('heading', { name: /Bakery — shop floor and back door/ }).waitFor();
    await expect.poll(() => page.locator('[data-camera]').count()).toBe(1);
    await page.getByRole('button', { name: 'Select / move' }).click();
    await clickOnPlan(page, 10, 6);
    expect(Number(await page.getByLabel('X (m)').inputValue())).toBeCloseTo(10, 0);
    expect(await page.getByLabel('Mounting height (m)').inputValue()).toBe('4.5');
    await context.close();

    const [stored] = readCollection<{ name: string; cameras: { position: { x: number; y: number }; mountHeightM: number }[] }>(env.server.dataDir, 'camera_plans');
    expect(stored!.name).toBe('Bakery — shop floor and back door');
    expect(stored!.cameras).toHaveLength(1);
    expect(stored!.cameras[0]!.position.x).toBeCloseTo(10, 0);
    expect(stored!.cameras[0]!.mountHeightM).toBe(4.5);
  });
});
