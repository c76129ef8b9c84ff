import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appRendered, newPage, shot, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { api } from '../support/page-api.ts';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const aMessage = (n: number) => ({
  name: `Bartholomew Featherstonehaugh-Worthington ${n}`,
  email: `bartholomew.featherstonehaugh.worthington.${n}@example.com`,
  phone: '(555) 201-4477 ext 214',
  subject: `Keypad in the conservatory beeps every night at about two in the morning (${n})`,
  message: `Since the storm last Tuesday the keypad by the conservatory door beeps every night, around 2 a.m., and the panel shows a trouble light. We replaced the battery in the smoke detector but it keeps happening. Message ${n}.`,
});

/** Customer messages in Chromium: the unsubscribe page, the office inbox opened at a linked message, the review form from a review request. */
describe('customer messages in Chromium', () => {
  const env = serverAndBrowser();

  const signedInAdmin = async (viewport: { width: number; height: number }, path: string): Promise<{ page: Page; close: () => Promise<void> }> => {
    const { page, context } = await newPage(env.browser, { viewport });
    await signInAndOpen(page, env.server.url, 'Frank Miller', path);
    return { page, close: () => context.close() };
  };

  it('the unsubscribe link shows a page in the site style with a button; only the button unsubscribes', async () => {
    const admin = await signedInAdmin(SIZES[0].viewport, '/admin');
    expect((await api(admin.page, 'POST', '/api/contact', aMessage(0))).status).toBe(201);
    const outbox = await api<{ mails: { to: string; text: string }[] }>(admin.page, 'GET', '/api/admin/outbox?limit=20');
    const mail = outbox.json.mails.find((m) => m.to === aMessage(0).email)!;
    const link = /To stop these e-mails, open: (\S+)/.exec(mail.text)![1]!;
    await admin.close();

    for (const size of SIZES) {
      const { page, context } = await newPage(env.browser, { viewport: size.viewport });
      const cspErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') cspErrors.push(m.text());
      });
      await page.goto(link);
      const heading = page.getByRole('heading', { level: 1 });
      expect(await heading.textContent()).toMatch(/^Stop e-mails from .+\?$|^You are unsubscribed$/);
      // The site's stylesheet applies (no inline styles: the CSP forbids them).
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('button')!).borderRadius)).not.toBe('0px');
      await shot(page, `unsubscribe-page-${size.name}`);
      if (size.name === 'desktop') {
        await page.getByRole('button', { name: 'Unsubscribe' }).click();
        await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
        await shot(page, `unsubscribe-done-${size.name}`);
      }
      expect(cspErrors).toEqual([]);
      await context.close();
    }
  });

  it('the office inbox opened at ?message=<id> scrolls to that message and highlights it', async () => {
    for (const size of SIZES) {
      const admin = await signedInAdmin(size.viewport, '/admin');
      // The linked message, then newer ones above it: it is far down the list.
      for (const n of size.name === 'desktop' ? [100, 1, 2, 3, 4, 5, 6] : []) expect((await api(admin.page, 'POST', '/api/contact', aMessage(n))).status).toBe(201);
      const inbox = await api<{ messages: { id: string; email: string }[] }>(admin.page, 'GET', '/api/admin/messages');
      const oldest = inbox.json.messages.find((m) => m.email === aMessage(100).email)!;
      await admin.page.goto(`${env.server.url}/admin/messages?message=${encodeURIComponent(oldest.id)}`);
      const card = admin.page.locator(`#message-${oldest.id}`);
      await card.waitFor();
      await expect.poll(() => card.getAttribute('aria-current')).toBe('true');
      await expect.poll(() => card.evaluate((el) => document.activeElement === el)).toBe(true);
      // On the screen, below the sticky top bar (not merely in the page).
      await expect.poll(async () => { const b = (await card.boundingBox())!; return b.y > 56 && b.y < size.viewport.height - 100; }, { timeout: 5000 }).toBe(true);
      expect(await card.getByText('The message you followed a link to').isVisible()).toBe(true);
      await admin.page.screenshot({ path: `${process.env['SHOTS_DIR'] ?? '/tmp'}/inbox-linked-${size.name}.png` }).catch(() => {});
      await admin.close();
    }
  });

  it("the review request's link opens the review form with the customer's name filled in", async () => {
    for (const size of SIZES) {
      const { page, context } = await newPage(env.browser, { viewport: size.viewport });
      await page.goto(`${env.server.url}/reviews?name=${encodeURIComponent('Dr. Ada Greeted-Contact')}#leave-review`);
      await appRendered(page);
      const name = page.getByLabel('Your name');
      await expect.poll(() => name.inputValue(), { timeout: 10_000 }).toBe('Dr. Ada Greeted-Contact');
      await page.screenshot({ path: `${process.env['SHOTS_DIR'] ?? '/tmp'}/reviews-prefilled-${size.name}.png` }).catch(() => {});
      await context.close();
    }
  });

  it("the office's client form refuses a phone that is not a number with the one phone rule's words, and keeps an extension", async () => {
    for (const size of SIZES) {
      const admin = await signedInAdmin(size.viewport, '/admin/clients');
      await admin.page.getByRole('button', { name: 'New client' }).click();
      const form = admin.page.getByRole('form', { name: 'Client form' });
      await form.getByLabel(/^Name/).fill('Bartholomew Featherstonehaugh-Worthington Holdings');
      await form.getByLabel('Contact name').fill('Bartholomew Featherstonehaugh-Worthington');
      await form.getByLabel('Phone', { exact: true }).fill('call the front desk');
      await form.getByRole('button', { name: 'Create client' }).click();
      const message = form.getByText(/^Phone: use digits, spaces and \+ \( \) - \. only, such as \(555\) 010-2000/);
      await message.waitFor();
      await message.scrollIntoViewIfNeeded();
      await admin.page.screenshot({ path: `${process.env['SHOTS_DIR'] ?? '/tmp'}/client-form-phone-${size.name}.png` }).catch(() => {});
      await admin.close();
    }
  });
});
