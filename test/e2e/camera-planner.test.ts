import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { apiWrite, clickOnPlan, dragOnPlan, openNewPlanForm, planToScreen } from '../support/planner-page.ts';
import { readCollection } from '../support/stored-documents.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import type { CameraPlanDto } from '../../src/contracts/camera-plans.ts';
import type { ClientView } from '../../src/contracts/clients.ts';

/** A 1000 × 600 px floor plan: 20 m × 12 m once its scale is set to 50 px a metre. */
const floorPlan = () =>
  sharp({ create: { width: 1000, height: 600, channels: 3, background: '#ffffff' } })
    .composite([{ input: Buffer.from('<svg width="1000" height="600"><rect x="2" y="2" width="996" height="596" fill="none" stroke="#000" stroke-width="4"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();

const percent = (text: string | null) => Number(/([\d.]+) %/.exec(text ?? '')?.[1] ?? NaN);

describe('the camera planner in Chromium', () => {
  const env = serverAndBrowser();

  it('uploads a floor plan, sets its scale, draws walls, places three cameras, drags one behind a wall, exports the PDF and shows the BOM', async () => {
    const { page, context } = await newPage(env.browser, { viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
    const base = env.server.url;
    await signInAndOpen(page, base, 'Frank Miller', '/admin/camera-planner');
    await apiWrite(page, base, 'POST', '/api/clients', aClientInput({ name: 'Riverside Storage', sites: [aSiteInput({ label: 'Unit 4' })] }));

    // A new plan for the client's site.
    const form = await openNewPlanForm(page, 'Riverside', 'Riverside Storage', 'Unit 4');
    await form.getByRole('textbox', { name: /^Plan name/ }).fill('Warehouse ground floor');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await page.getByRole('heading', { name: /Warehouse ground floor/ }).waitFor();

    // Upload the floor plan; the editor asks for the scale: 500 px is 10 m.
    await page.getByTestId('floor-plan-input').setInputFiles({ name: 'ground.png', mimeType: 'image/png', buffer: await floorPlan() });
    await page.getByText(/Floor plan uploaded/).waitFor();
    await dragOnPlan(page, { x: 100, y: 50 }, { x: 600, y: 50 });
    await page.getByLabel('Real distance between the marked points (m)').fill('10');
    await page.getByRole('button', { name: 'Apply scale' }).click();
    await page.getByText('Scale set: 50.0 px per metre.').waitFor();

    // Walls: one splitting the floor at x = 500 px (10 m), one short wall on the left.
    await page.getByRole('button', { name: 'Wall', exact: true }).click();
    await dragOnPlan(page, { x: 500, y: 0 }, { x: 500, y: 600 });
    await dragOnPlan(page, { x: 0, y: 150 }, { x: 200, y: 150 });

    // Three cameras of an inventory model, all looking along +x.
    await page.getByRole('button', { name: 'Camera', exact: true }).click();
    await page.getByLabel('Camera model to place').selectOption({ label: 'Hikvision DS-2CD2387G2 8MP ColorVu turret' });
    await clickOnPlan(page, 60, 400);
    await clickOnPlan(page, 560, 300);
    await clickOnPlan(page, 560, 520);
    await expect.poll(() => page.locator('[data-camera]').count()).toBe(3);
    const coverage = page.getByTestId('coverage-total');
    await expect.poll(async () => percent(await coverage.textContent())).toBeGreaterThan(0);
    await expect.poll(async () => percent(await coverage.textContent()), { timeout: 2000 }).toBeGreaterThan(30);
    // The coverage is recomputed after each change; read it once it has settled (two equal reads in a row).
    const settled = async (): Promise<number> => {
      let last = Number.NaN;
      await expect
        .poll(
          async () => {
            const now = percent(await coverage.textContent());
            const same = now === last;
            last = now;
            return same;
          },
          { interval: 300 },
        )
        .toBe(true);
      return last;
    };
    const before = await settled();

    // An area of interest behind the short wall that nobody sees: flagged in the table, hatched on the plan.
    await page.getByRole('button', { name: 'Area of interest', exact: true }).click();
    await dragOnPlan(page, { x: 20, y: 20 }, { x: 180, y: 130 });
    await expect.poll(() => page.locator('[data-testid^="area-row-"]').first().textContent()).toMatch(/needs observe: only 0\.0 %/);
    await expect.poll(() => page.locator('[data-uncovered]').count()).toBe(1);
    expect(await page.locator('[data-area][data-unmet="true"]').count()).toBe(1);

    // Drag C1 right up against the wall: while the button is still down the coverage drops.
    await page.getByRole('button', { name: 'Select / move' }).click();
    const from = await planToScreen(page, 60, 400);
    const to = await planToScreen(page, 490, 400);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 20 });
    await expect.poll(async () => percent(await coverage.textContent())).toBeLessThan(before - 5);
    await page.mouse.up();
    const behindWall = await settled();
    expect(behindWall).toBeLessThan(before - 5);

    // Undo puts it back; redo moves it again.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => percent(await coverage.textContent())).toBeCloseTo(before, 1);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => percent(await coverage.textContent())).toBeCloseTo(behindWall, 1);

    // Keyboard: select C2 and nudge it 1 m to the right (Shift+→).
    await clickOnPlan(page, 560, 300);
    await expect.poll(() => page.getByLabel('X (m)').inputValue()).toBe('11.2');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => page.getByLabel('X (m)').inputValue()).toBe('12.2');

    // Save; the bill of materials lists the three cameras and the mounting line.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Saved \(version \d+\)/).waitFor();
    const bom = page.getByTestId('bom');
    await bom.getByText('Hikvision DS-2CD2387G2 8MP ColorVu turret (HIK-2CD2387G2)').waitFor();
    const bomRows = await bom.locator('tbody tr').allTextContents();
    expect(bomRows[0]).toMatch(/HIK-2CD2387G2\)3\$399\.00/);
    expect(bomRows[1]).toMatch(/mounting, cabling.*3/i);

    // The PDF, downloaded as a person would, read back with pdftotext.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export PDF' }).click();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'planner-e2e-')), 'plan.pdf');
    await (await download).saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Camera plan: Warehouse ground floor');
    expect(text).toContain('Riverside Storage · Unit 4');
    expect(text).toMatch(/C1\s+Hikvision DS-2CD2387G2/);
    expect(text).toMatch(/C3\s+Hikvision DS-2CD2387G2/);
    // The server's figure (same geometry, from the saved plan) is what the screen settles on once
    // the worker has recomputed after the nudge.
    const serverFigure = Number(/Plan coverage: ([\d.]+) % covered/.exec(text)?.[1]);
    expect(serverFigure).toBeGreaterThan(0);
    await expect.poll(async () => percent(await coverage.textContent()).toFixed(1)).toBe(serverFigure.toFixed(1));

    // The bill of materials becomes a proposal draft; its link opens that proposal.
    await bom.getByRole('button', { name: 'Create proposal' }).click();
    const created = page.getByRole('status').filter({ hasText: /Proposal draft PRO-\d{4}-\d{4} created/ });
    await created.waitFor();
    const number = /PRO-\d{4}-\d{4}/.exec((await created.textContent()) ?? '')![0];
    await created.getByRole('link', { name: `Open ${number}` }).click();
    await page.waitForURL((u) => u.pathname === '/admin/proposals');
    await page.getByText(number).first().waitFor();
    await context.close();

    const [draft] = readCollection<{ number: string; status: string; cameraPlanId: string | null; options: { lines: { kind: string; quantity: number }[] }[] }>(env.server.dataDir, 'proposals');
    expect(draft).toMatchObject({ number, status: 'draft' });
    expect(draft!.cameraPlanId).not.toBeNull();
    // Three cameras of one model and a mounting line per camera.
    expect(draft!.options[0]!.lines.map((l) => [l.kind, l.quantity])).toEqual([
      ['item', 3],
      ['labour', 3],
    ]);

    const [stored] = readCollection<{ name: string; walls: unknown[]; cameras: { itemId: string | null }[]; metresPerUnit: number }>(env.server.dataDir, 'camera_plans');
    expect(stored).toMatchObject({ name: 'Warehouse ground floor' });
    expect(stored!.walls).toHaveLength(2);
    expect(stored!.cameras.every((c) => c.itemId !== null)).toBe(true);
    expect(stored!.metresPerUnit).toBeCloseTo(0.02, 3);
  });

  it('someone who may only view proposals sees a plan and its figures but no edit controls', async () => {
    const admin = await newPage(env.browser);
    const base = env.server.url;
    await signInAndOpen(admin.page, base, 'Frank Miller', '/admin');
    const client = await apiWrite<ClientView>(admin.page, base, 'POST', '/api/clients', aClientInput({ name: 'Viewer Test Client', sites: [aSiteInput({ label: 'Shop' })] }));
    await apiWrite<CameraPlanDto>(admin.page, base, 'POST', '/api/camera-plans', { clientId: client.id, siteId: client.sites[0]!.id, name: 'Shop floor', gridWidthM: 12, gridHeightM: 8 });
    await apiWrite(admin.page, base, 'PATCH', '/api/employees/emp-maria', { permissions: { viewProposals: true } });
    await admin.context.close();

    const { page, context } = await newPage(env.browser, { viewport: { width: 1400, height: 900 } });
    await signInAndOpen(page, base, 'Maria Lopez', '/admin/camera-planner');
    await page.getByRole('button', { name: 'Shop floor' }).click();
    await page.getByRole('heading', { name: /Shop floor/ }).waitFor();
    await page.getByTestId('coverage-total').waitFor();
    expect(await page.getByRole('link', { name: 'Export PDF' }).count()).toBe(1);
    for (const name of ['Save', 'Create proposal', 'Wall', 'Camera']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await page.getByRole('toolbar', { name: 'Drawing tools' }).count()).toBe(0);
    expect(await page.getByTestId('floor-plan-input').count()).toBe(0);
    await page.getByRole('button', { name: '← All plans' }).click();
    expect(await page.getByRole('button', { name: 'New plan' }).count()).toBe(0);
    await context.close();
  });
});
