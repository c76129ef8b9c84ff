import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appRendered, launchBrowser, newPage, signInAndOpen } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aPng, aReviewRequest } from '../support/public-site-factories.ts';
import { axeViolations } from './axe.ts';

const COMPANY = { phone: '(555) 777-1234', email: 'hello@homeguard.example', year: '2031', area: 'Riverside County', name: 'Homeguard Test Co' };
const PUBLIC_LINKS = ['Home', 'Services', 'Support', 'Contact', 'Reviews', 'Free Quote'];
const PUBLIC_SCREENS = [
  ['/', /Security systems installed right/],
  ['/services', /Our services/],
  ['/support', /Support/],
  ['/contact', /Contact us/],
  ['/reviews', /Customer reviews/],
  ['/quote', /Request a free quote/],
] as const;

async function signInInBrowser(page: Page, baseUrl: string, returnTo: string, person: string): Promise<void> {
  await signInAndOpen(page, baseUrl, person, returnTo);
  await page.waitForURL((u) => u.pathname === returnTo, { timeout: 15_000 });
}

describe('the public website in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({
        env: { COMPANY_NAME: COMPANY.name, COMPANY_PHONE: COMPANY.phone, COMPANY_EMAIL: COMPANY.email, COPYRIGHT_YEAR: COMPANY.year, SERVICE_AREA: COMPANY.area },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
  });

  it('[R-NAV-1] every public route renders its own screen with real content', async () => {
    const { page, context } = await newPage(browser);
    for (const [path, heading] of PUBLIC_SCREENS) {
      await page.goto(`${server.url}${path}`);
      await appRendered(page);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(heading);
      expect(await page.locator('main').innerText()).not.toMatch(/lorem ipsum/i);
    }
    await page.goto(`${server.url}/services`);
    await appRendered(page);
    expect(await page.locator('main section h2').allTextContents()).toEqual(['Alarm systems', 'Security cameras', 'New-home prewires', 'Panel upgrades', 'Security consultation']);
    await context.close();
  });

  it('[R-NAV-5] a fixed top bar with the shield mark and the six links; the current one is highlighted', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/reviews`);
    await appRendered(page);
    const header = page.locator('header').first();
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(await header.getByTestId('brand-shield').isVisible()).toBe(true);
    const nav = header.getByRole('navigation', { name: 'Main' });
    expect(await nav.locator('ul a').allTextContents()).toEqual(PUBLIC_LINKS);
    for (const [label, path] of [['Reviews', '/reviews'], ['Services', '/services'], ['Home', '/']] as const) {
      if (path !== '/reviews') await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`${server.url}${path}`);
      expect(await nav.locator('ul a[aria-current="page"]').allTextContents()).toEqual([label]);
    }
    await page.evaluate(() => window.scrollTo({ top: 2000, behavior: 'instant' }));
    expect(await header.boundingBox().then((b) => b?.y)).toBe(0);
    await context.close();
  });

  it('[R-NAV-6] the bar has a sun/moon theme toggle; the choice survives a reload', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/services`);
    await appRendered(page);
    const toggle = page.locator('header').getByRole('button', { name: 'Switch to dark theme' });
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await appRendered(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.locator('header').getByRole('button', { name: 'Switch to light theme' }).isVisible()).toBe(true);
    await context.close();
  });

  it('[R-NAV-7] small screens get a hamburger menu with the six links', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await page.goto(server.url);
    await appRendered(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.locator('ul a').first().isVisible()).toBe(false);
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.click();
    const menu = page.locator('#mobile-menu');
    expect(await menu.getByRole('link').allTextContents()).toEqual(PUBLIC_LINKS);
    await menu.getByRole('link', { name: 'Free Quote' }).click();
    await page.getByRole('heading', { level: 1, name: 'Request a free quote' }).waitFor();
    expect(await menu.count()).toBe(0);
    await context.close();
  });

  it('[R-NAV-14] the footer shows the configured phone, e-mail, service area and copyright year', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/contact`);
    await appRendered(page);
    const footer = page.locator('footer');
    await footer.getByText(`© ${COMPANY.year} ${COMPANY.name}. All rights reserved.`).waitFor();
    expect(await footer.getByRole('link', { name: COMPANY.phone }).getAttribute('href')).toBe('tel:5557771234');
    expect(await footer.getByRole('link', { name: COMPANY.email }).getAttribute('href')).toBe(`mailto:${COMPANY.email}`);
    expect(await footer.innerText()).toContain(`Serving ${COMPANY.area}.`);
    await context.close();
  });

  it('a visitor requests a quote with a photo and staff see the lead with the photo', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/quote`);
    await appRendered(page);
    await page.getByRole('button', { name: 'Request my free quote' }).click();
    await page.getByText('Choose at least one service.').waitFor();
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Name').fill('Avery Quinlan');
    await page.getByLabel('Phone').fill('555 300 4400');
    await page.getByLabel('E-mail').fill('avery@example.com');
    await page.getByLabel('Security cameras').check();
    await page.getByLabel('Residential').check();
    await page.getByLabel('Existing building').check();
    await page.getByLabel('Property address').fill('42 Orchard Lane, Springfield');
    await page.getByLabel('ZIP code').fill('99999');
    await page.getByLabel('Morning').check();
    await page.getByLabel('Tell us about the job').fill('Cameras over the driveway and the side gate, please.');
    await page.getByLabel(/^Photos/).setInputFiles({ name: 'driveway.png', mimeType: 'image/png', buffer: Buffer.from(aPng(24)) });
    await page.getByRole('button', { name: 'Request my free quote' }).click();
    await page.getByText(/outside our service area/).waitFor();
    await page.getByLabel('ZIP code').fill('62704');
    await page.getByRole('button', { name: 'Request my free quote' }).click();
    await page.getByRole('status').getByText('Thank you, Avery Quinlan. Your quote request is on its way.').waitFor();
    expect(await page.getByRole('status').innerText()).toMatch(/within one business day/i);
    await context.close();

    const staff = await newPage(browser);
    await signInInBrowser(staff.page, server.url, '/admin/leads', 'Frank Miller');
    const card = staff.page.getByRole('listitem', { name: 'Lead from Avery Quinlan' });
    await card.waitFor();
    expect(await card.getByTestId('lead-status').textContent()).toBe('New');
    expect(await card.innerText()).toContain('42 Orchard Lane, Springfield, 62704');
    const img = card.getByRole('img', { name: 'Photo 1: driveway.png' });
    await img.waitFor();
    await staff.page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 24, await img.elementHandle());
    await card.getByRole('button', { name: 'Contacted' }).click();
    await staff.page.waitForFunction(() => document.querySelector('[data-testid="lead-status"]')?.textContent === 'Contacted');
    await staff.context.close();
  });

  let published = 0;
  /** Leaves a review through the API and publishes it as the admin; returns the review id. */
  async function publishedReview(rating: number): Promise<string> {
    const api = new TestClient(server.url);
    const { id } = (await (await api.send('POST', '/api/reviews', aReviewRequest({ rating }))).json()) as { id: string };
    const admin = new TestClient(server.url);
    await admin.signIn(DEMO.admin);
    expect((await admin.send('POST', `/api/admin/reviews/${id}/publish`)).status).toBe(200);
    published += 1;
    return id;
  }

  it('a visitor leaves a review, staff publish it, and it appears with the new average', async () => {
    // One review already published through the API: 5 stars.
    expect(published).toBe(0);
    await publishedReview(5);

    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/reviews`);
    await appRendered(page);
    await page.getByTestId('review-average').filter({ hasText: '5.0' }).waitFor();
    const form = page.getByRole('form', { name: 'Leave a review' });
    await form.waitFor(); // the form's code loads after the first paint (web/src/ui/Deferred.tsx)
    const rating = form.getByRole('group', { name: /Your rating/ });
    expect(await rating.getByRole('radio').count()).toBe(5);
    await form.getByLabel('Your name').fill('Morgan Ellery');
    await rating.getByRole('radio', { name: /^2 stars/ }).check({ force: true });
    await form.getByLabel('Service (optional)').selectOption('alarm');
    await form.getByLabel('Your review').fill('Install was fine but the crew arrived two hours late without calling.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Thank you for your review.').waitFor();
    expect(await page.getByText('Morgan Ellery').count()).toBe(0);

    const staff = await newPage(browser);
    await signInInBrowser(staff.page, server.url, '/admin/reviews', 'Frank Miller');
    const card = staff.page.getByRole('listitem', { name: 'Review by Morgan Ellery' });
    await card.getByRole('button', { name: 'Publish' }).click();
    await card.waitFor({ state: 'detached' });
    await staff.context.close();

    await page.reload();
    await page.getByText('Morgan Ellery').waitFor();
    expect(await page.getByTestId('review-average').textContent()).toBe('3.5');
    expect(await page.getByTestId('review-count').textContent()).toBe('2 reviews');
    await context.close();
  });

  it('JSON-LD LocalBusiness with AggregateRating from published reviews, and the CSP reports no violation', async () => {
    if (published === 0) await publishedReview(4);
    const { page, context } = await newPage(browser);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${server.url}/reviews`);
    await appRendered(page);
    const ld = page.locator('script[type="application/ld+json"]');
    await ld.waitFor({ state: 'attached' });
    const data = JSON.parse((await ld.textContent()) ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({ '@type': 'LocalBusiness', name: COMPANY.name, telephone: COMPANY.phone, aggregateRating: { '@type': 'AggregateRating' } });
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`axe-core finds no violations on any public screen (${theme})`, async () => {
      // Injecting axe needs the page's CSP bypassed; the CSP itself is checked in the test above.
      const { page, context } = await newPage(browser, { bypassCSP: true });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const found: Record<string, string[]> = {};
      for (const [path] of PUBLIC_SCREENS) {
        await page.goto(`${server.url}${path}`);
        await appRendered(page);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        const violations = await axeViolations(page);
        if (violations.length) found[path] = violations;
      }
      expect(found).toEqual({});
      await context.close();
    });
  }
});
