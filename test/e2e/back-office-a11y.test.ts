import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { axeViolations } from './axe.ts';

/** Every back-office screen, as an administrator sees it (each has one main heading). */
const SCREENS = [
  '/admin',
  '/admin/clients',
  '/admin/jobs',
  '/admin/proposals',
  '/admin/invoices',
  '/admin/tax-reporting',
  '/admin/payment-reminders',
  '/admin/monitoring',
  '/admin/inventory',
  '/admin/employees',
  '/admin/employees?tab=hours',
  '/admin/camera-planner',
  '/admin/leads',
  '/admin/messages',
  '/admin/reviews',
  '/admin/files',
  '/vision-ai-analysis',
  '/employee-dashboard',
];

async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
}

describe('the back office is accessible (axe-core, Chromium)', () => {
  const env = serverAndBrowser();

  // The three walks run side by side, each in its own browser context (Chromium and the server share the two cores).
  for (const theme of ['light', 'dark'] as const) {
    it.concurrent(`finds no violations on any back-office screen, nor with the admin and account menus open (${theme})`, { timeout: 150_000 }, async ({ expect }) => {
      const { page, context } = await newPage(env.browser, { bypassCSP: true });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin');
      const found: Record<string, string[]> = {};
      for (const path of SCREENS) {
        await page.goto(`${env.server.url}${path}`);
        await settle(page);
        const violations = await axeViolations(page);
        if (violations.length) found[path] = violations;
      }
      await page.goto(`${env.server.url}/admin`);
      await settle(page);
      for (const menu of ['Admin menu', 'Account menu (Frank Miller)']) {
        await page.getByRole('button', { name: menu }).click();
        await page.getByRole('menu').waitFor();
        const violations = await axeViolations(page);
        if (violations.length) found[`${menu} open`] = violations;
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
      }
      expect(found).toEqual({});
      await context.close();
    });
  }

  it.concurrent('finds no violations on the No access page and an employee\'s dashboard and menu', { timeout: 150_000 }, async ({ expect }) => {
    const { page, context } = await newPage(env.browser, { bypassCSP: true });
    await signInAndOpen(page, env.server.url, 'Maria Lopez', '/admin/invoices');
    await page.getByRole('heading', { level: 1, name: 'No access' }).waitFor();
    const found: Record<string, string[]> = {};
    const noAccess = await axeViolations(page);
    if (noAccess.length) found['/admin/invoices (No access)'] = noAccess;
    await page.goto(`${env.server.url}/employee-dashboard`);
    await settle(page);
    await page.getByRole('button', { name: 'Staff menu' }).click();
    await page.getByRole('menu').waitFor();
    const dashboard = await axeViolations(page);
    if (dashboard.length) found['/employee-dashboard with the staff menu open'] = dashboard;
    expect(found).toEqual({});
    await context.close();
  });
});
