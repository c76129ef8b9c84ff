import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFailed } from 'vitest';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs (STACK-NOTES.md). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // scripts/test.ts counts these lines: proof the e2e layer really drove a browser, and which.
  mkdirSync('test-results', { recursive: true });
  appendFileSync('test-results/chromium-launches.txt', `Chromium ${browser.version()}\n`);
  return browser;
}

/** A fresh page that saves a screenshot to test-results/ if the current test fails. */
export async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  onTestFailed(async ({ task }) => {
    const dir = join(process.cwd(), 'test-results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${task.name.replace(/[^\w-]+/g, '_').slice(0, 80)}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    console.error(`screenshot saved: ${file}`);
  });
  return { context, page };
}

/**
 * Signs in from the page's top bar the way a desktop user does: 'Sign in' opens the popup, the
 * embedded provider lists the demo accounts as buttons, one click picks `accountName`.
 */
export async function signInThroughPopup(context: BrowserContext, page: Page, accountName: string): Promise<void> {
  const [popup] = await Promise.all([context.waitForEvent('page'), page.locator('header').getByRole('button', { name: 'Sign in', exact: true }).click()]);
  // Listen before clicking: the popup may close itself before a later listener is attached.
  const closed = popup.isClosed() ? Promise.resolve() : popup.waitForEvent('close');
  await popup
    .getByRole('button', { name: new RegExp(`^${accountName}`) })
    .click()
    .catch((err: unknown) => {
      if (!popup.isClosed()) throw err; // closing right after the click is what it should do
    });
  await closed;
}

/** Signs in with a full-page redirect, as phones do, starting from the current page. */
export async function signInWithRedirect(page: Page, baseUrl: string, accountName: string, returnTo = '/'): Promise<void> {
  await page.goto(`${baseUrl}/api/auth/login?mode=redirect&returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByRole('button', { name: new RegExp(`^${accountName}`) }).click();
}

/**
 * Signs in with a full-page redirect, waits until the app has read the sign-in result (after
 * which it applies R-RED-4: an admin is sent to /admin), then opens `path`.
 */
export async function signInAndOpen(page: Page, baseUrl: string, accountName: string, path: string): Promise<void> {
  const resultRead = page.waitForResponse((r) => r.url().includes('/api/auth/redirect-result'));
  await signInWithRedirect(page, baseUrl, accountName, '/');
  await resultRead;
  // Staff are sent on from home (R-RED-1, R-RED-2, R-RED-4); other users stay there.
  await page.waitForURL((u) => u.pathname === '/admin' || u.pathname === '/employee-dashboard', { timeout: 5000 }).catch(() => {});
  await page.goto(`${baseUrl}${path}`);
}

/**
 * Public screens arrive as prerendered HTML (scripts/prerender.ts); their buttons work once the
 * app has rendered over it, which main.tsx marks by removing `data-prerendered` from #root.
 */
export async function appRendered(page: Page): Promise<void> {
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
}

/** Saves the whole page when SHOTS_DIR is set, for a person to look at (`SHOTS_DIR=dir npx vitest run …`). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env['SHOTS_DIR'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
