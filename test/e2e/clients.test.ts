import { describe, expect, it } from 'vitest';
import { readCollection } from '../support/stored-documents.ts';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';

describe('the client database in Chromium', () => {
  const env = serverAndBrowser();

  it('an admin creates a client with a site, finds it by search, opens it and reveals the passcode (audited)', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/clients');
    await page.getByRole('heading', { name: 'Client database' }).waitFor();
    await page.getByText('No clients yet.').waitFor();

    await page.getByRole('button', { name: 'New client' }).click();
    // Field errors first: an empty name is refused in the form.
    await page.getByRole('button', { name: 'Create client' }).click();
    await page.getByText('Enter the client name (at least 2 characters).').waitFor();

    const form = page.getByRole('form', { name: 'Client form' });
    await form.getByLabel(/^Kind/).selectOption('commercial');
    await form.getByLabel(/^Name/).fill('Harbor Dental Group');
    await form.getByLabel('Contact name').fill('Nora Quill');
    await form.getByLabel('E-mail').fill('nora@harbordental.example');
    await form.getByLabel('Phone', { exact: true }).fill('(312) 555-0142');
    // The list boxes (e-mails, phones, tags) look like every other input: Field's style reaches them.
    for (const box of [form.getByLabel('E-mail'), form.getByLabel('Phone', { exact: true }), form.getByLabel(/^Tags/)]) {
      expect(await box.evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe(await form.getByLabel('Contact name').evaluate((el) => getComputedStyle(el).borderTopWidth));
      expect(await box.evaluate((el) => getComputedStyle(el).borderTopWidth)).not.toBe('0px');
    }
    await form.getByLabel('Street address', { exact: true }).fill('400 Wharf Road');
    await form.getByLabel('City', { exact: true }).fill('Riverton');
    await form.getByLabel(/^Site label/).fill('Main clinic');
    await form.getByLabel(/^Site street address/).fill('400 Wharf Road');
    await form.getByLabel('Central station').fill('Rapid Response');
    await form.getByLabel('Account number').fill('RR-88123');
    await form.getByLabel('Passcode').fill('7319');
    await form.getByRole('button', { name: 'Create client' }).click();
    await page.getByRole('heading', { name: 'Harbor Dental Group' }).waitFor();

    await page.getByRole('link', { name: '← All clients' }).click();
    await page.getByRole('searchbox', { name: 'Search clients' }).fill('555-0142');
    await page.getByRole('link', { name: /Harbor Dental Group/ }).waitFor();
    await page.getByRole('searchbox', { name: 'Search clients' }).fill('harb');
    await page.getByRole('link', { name: /Harbor Dental Group/ }).click();

    const site = page.getByRole('article', { name: 'Site Main clinic' });
    await site.getByText('RR-88123').waitFor();
    expect(await site.getByTestId('passcode').count()).toBe(0);
    expect(await page.content()).not.toContain('7319');
    await site.getByRole('button', { name: 'Reveal' }).click();
    await site.getByTestId('passcode').getByText('7319').waitFor();
    await page.getByRole('list', { name: 'History' }).getByText('revealed an alarm passcode').waitFor();
    await context.close();

    const stored = readCollection<{ name: string; sites: { alarm: { passcode: unknown } }[] }>(env.server.dataDir, 'clients');
    expect(stored.map((c) => c.name)).toEqual(['Harbor Dental Group']);
    expect(JSON.stringify(stored)).not.toContain('7319');
    // The audit log is shared by every area (the demo inventory writes its own); these are the client's.
    const audit = readCollection<{ action: string; actorName: string; entity: string }>(env.server.dataDir, 'audit_log')
      .filter((a) => a.entity === 'client')
      .map((a) => [a.action, a.actorName]);
    expect(audit).toEqual([
      ['create', 'Frank Miller'],
      ['reveal-passcode', 'Frank Miller'],
    ]);
  });
});
