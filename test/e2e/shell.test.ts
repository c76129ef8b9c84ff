import { describe, expect, it } from 'vitest';
import { appRendered, newPage, signInThroughPopup } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';

const PUBLIC_SCREENS = [
  ['/', /Security systems installed right/],
  ['/services', /Our services/],
  ['/contact', /Contact us/],
  ['/reviews', /Customer reviews/],
  ['/quote', /Request a free quote/],
  ['/support', /Support/],
] as const;

const BACK_OFFICE_SCREENS = [
  ['/admin', /Admin panel/],
  ['/admin/clients', /Client database/],
  ['/admin/invoices', /Invoice manager/],
  ['/admin/tax-reporting', /Tax reporting/],
  ['/admin/payment-reminders', /Payment reminders/],
  ['/admin/jobs', /Job tracker/],
  ['/admin/monitoring', /Monitoring services/],
  ['/admin/proposals', /Proposals/],
  ['/admin/inventory', /Inventory manager/],
  ['/admin/employees', /Employee database/],
  ['/admin/employees?tab=hours', /Time tracking/],
  ['/admin/camera-planner', /Camera placement planner/],
  ['/employee-dashboard', /My dashboard/],
  ['/vision-ai-analysis', /Vision-AI analysis/],
] as const;

describe('the SPA shell in Chromium', () => {
  const env = serverAndBrowser();

  it('[R-NAV-1] every public route renders its screen', async () => {
    const { page, context } = await newPage(env.browser);
    for (const [path, heading] of PUBLIC_SCREENS) {
      await page.goto(`${env.server.url}${path}`);
      await appRendered(page);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(heading);
    }
    await context.close();
  });

  it('[R-NAV-2] every back-office route exists and renders its screen', async () => {
    const { page, context } = await newPage(env.browser);
    // The screens are for staff (R-AUTH-15): the admin may open every one of them.
    await page.goto(`${env.server.url}/services`);
    await appRendered(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await signInThroughPopup(context, page, 'Frank Miller');
    await page.getByRole('button', { name: 'Account menu (Frank Miller)' }).waitFor();
    for (const [path, heading] of BACK_OFFICE_SCREENS) {
      await page.goto(`${env.server.url}${path}`);
      await appRendered(page);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 5000 });
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(heading);
    }
    await context.close();
  });

  it('[R-NAV-3] screens load on demand behind the three-dot loader', async () => {
    const { page, context } = await newPage(env.browser);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    // Hold the Services screen's code back so the loader has time to show.
    await page.route(/\/assets\/services-[\w-]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(env.server.url);
    await appRendered(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(requested.some((p) => /\/assets\/services-/.test(p))).toBe(false);

    await page.locator('header').getByRole('link', { name: 'Services' }).click();
    const loader = page.getByTestId('page-loader');
    await loader.waitFor({ state: 'visible', timeout: 1400 });
    expect(await loader.locator('span').count()).toBe(3);
    expect(await loader.getAttribute('role')).toBe('status');
    await expect(page.getByRole('heading', { level: 1, name: 'Our services' }).waitFor()).resolves.toBeUndefined();
    expect(requested.some((p) => /\/assets\/services-/.test(p))).toBe(true);
    expect(await loader.count()).toBe(0);
    await context.close();
  });

  it('[R-NAV-4] the page scrolls back to the top on a route change', async () => {
    const { page, context } = await newPage(env.browser, { viewport: { width: 1024, height: 500 } });
    await page.goto(env.server.url);
    await appRendered(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await page.waitForFunction(() => window.scrollY > 200);
    await page.locator('footer').getByRole('link', { name: 'Contact' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('[R-THM-1] [R-THM-2] light by default; dark is a class on <html>, saved and restored on reload', async () => {
    const { page, context } = await newPage(env.browser);
    await page.goto(env.server.url);
    await appRendered(page);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await appRendered(page);
    expect(await isDark()).toBe(true);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    expect(await isDark()).toBe(false);
    await context.close();
  });
});
