import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFailed } from 'vitest';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs (STACK-NOTES.md). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
