import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { readCollection } from '../support/stored-documents.ts';

/**
 * The edit sweep of the client screens: everything created is edited through its own screen,
 * saved and read back after a reload; a bad value in each form shows its field's message and
 * changes nothing; a quote request is converted through the pre-filled form.
 */
const NAME = 'Bartholomew Fitzgerald-Montgomery Richardson-Abernathy III';
const EMAIL = 'bartholomew.fitzgerald-montgomery.richardson@very-long-family-domain-name.example.com';
const SITE = 'Lakeside summer residence and boathouse';

describe('edit sweep: clients, sites, contacts, leads', () => {
  const env = serverAndBrowser();

  const storedClients = () => readCollection<{ name: string; tags: string[]; contacts: { emails: string[]; phones: string[] }[]; sites: { label: string; address: { line2: string }; alarm: { accountNumber: string } }[] }>(env.server.dataDir, 'clients');

  async function saveRefused(page: Page, form: ReturnType<Page['getByRole']>, button: string, message: string) {
    const requests: string[] = [];
    const listen = (r: { method(): string; url(): string }) => r.method() !== 'GET' && requests.push(r.url());
    page.on('request', listen);
    await form.getByRole('button', { name: button }).click();
    await form.getByText(message, { exact: true }).waitFor();
    page.off('request', listen);
    expect(requests, 'a refused form sends nothing').toEqual([]);
  }

  it('creates, edits and reads back a client, its site with an alarm account and its contact; bad values show at their fields', async () => {
    const { page, context } = await newPage(env.browser, { viewport: { width: 1366, height: 800 } });
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/clients');
    await page.getByRole('button', { name: 'New client' }).click();
    const form = page.getByRole('form', { name: 'Client form' });
    await form.getByLabel(/^Name/).fill(NAME);
    await form.getByLabel('Contact name').fill('Bartholomew Richardson');
    await form.getByLabel('E-mail').fill(EMAIL);
    await form.getByLabel('Phone', { exact: true }).fill('(217) 555-0142');
    await form.getByLabel(/^Tags/).fill('vip, lake house');
    await form.getByLabel(/^Site label/).fill(SITE);
    await form.getByLabel(/^Site street address/).fill('1200 North Lakeshore Drive');
    await form.getByLabel('Site address line 2').fill('Boathouse');
    await form.getByLabel('Central station').fill('Rapid Response Monitoring');
    await form.getByLabel('Account number').fill('RR-100200');
    await form.getByLabel('Passcode').fill('4711');
    await form.getByRole('button', { name: 'Create client' }).click();
    await page.getByRole('heading', { name: NAME }).waitFor();

    // The client form: a bad second tag, a bad e-mail, a too-long name — each at its field, nothing sent.
    await page.getByRole('button', { name: 'Edit client' }).click();
    const edit = page.getByRole('form', { name: 'Client form' });
    await edit.getByLabel(/^Tags/).fill('vip, lake house!, gate');
    await saveRefused(page, edit, 'Save changes', 'Entry 2: Tags use letters, digits, spaces, - and _ only.');
    await edit.getByLabel(/^Tags/).fill('vip, lake house, gate');
    await edit.getByLabel('E-mail').fill(`${EMAIL}, not-an-address`);
    await saveRefused(page, edit, 'Save changes', 'Entry 2: Enter a valid e-mail address.');
    await edit.getByLabel('E-mail').fill(`${EMAIL}, office@richardson.example`);
    await edit.getByLabel(/^Name/).fill('N'.repeat(121));
    await saveRefused(page, edit, 'Save changes', 'Name is too long (120 characters at most).');
    await edit.getByLabel(/^Name/).fill(`${NAME} Jr.`);
    await edit.getByLabel('Phone', { exact: true }).fill('(217) 555-0199');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: `${NAME} Jr.` }).waitFor();

    // The site form on the existing site: Save used to do nothing here.
    const card = page.getByRole('article', { name: `Site ${SITE}` });
    await card.getByRole('button', { name: 'Edit site' }).click();
    const siteForm = page.getByRole('form', { name: `Edit site ${SITE}` });
    await siteForm.getByLabel(/^Site label/).fill('S'.repeat(81));
    await saveRefused(page, siteForm, 'Save site', 'Site label is too long (80 characters at most).');
    await siteForm.getByLabel(/^Site label/).fill(SITE);
    await expect(siteForm.getByLabel('Site address line 2').inputValue()).resolves.toBe('Boathouse');
    await siteForm.getByLabel('Site address line 2').fill('Apartment 12B');
    await siteForm.getByLabel('Account number').fill('RR-999888');
    await siteForm.getByLabel('Panel model').fill('DSC PowerSeries Neo HS2128');
    await siteForm.getByRole('button', { name: 'Save site' }).click();
    await card.getByText('RR-999888').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: `${NAME} Jr.` }).waitFor();
    await page.getByRole('link', { name: 'office@richardson.example' }).waitFor();
    await page.getByRole('link', { name: '(217) 555-0199' }).waitFor();
    await page.getByText('other · vip, lake-house, gate').waitFor();
    const reloaded = page.getByRole('article', { name: `Site ${SITE}` });
    await reloaded.getByText('RR-999888').waitFor();
    await reloaded.getByText('DSC PowerSeries Neo HS2128').waitFor();
    await reloaded.getByText('1200 North Lakeshore Drive, Apartment 12B', { exact: false }).waitFor();
    await reloaded.getByRole('button', { name: 'Reveal' }).click();
    await reloaded.getByTestId('passcode').getByText('4711').waitFor();
    await context.close();

    const [stored] = storedClients();
    expect(stored).toMatchObject({ name: `${NAME} Jr.`, tags: ['vip', 'lake-house', 'gate'], contacts: [{ emails: [EMAIL, 'office@richardson.example'], phones: ['(217) 555-0199'] }] });
    expect(stored!.sites[0]!.alarm.accountNumber).toBe('RR-999888');
    expect(stored!.sites[0]!.address.line2).toBe('Apartment 12B');
  });

  it('converts a quote request through the pre-filled form: address split, lead converted (not won), a first job', async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Penelope Hargreaves-Wolfenden',
      email: 'penelope.hargreaves-wolfenden@long-household-domain.example.org',
      phone: '(217) 555-0300',
      propertyType: 'residential',
      construction: 'existing',
      address: '742 Evergreen Terrace, Apt 3, Springfield, IL 62704',
      postcode: '62704',
      description: 'Back door sensor is loose and we would like two cameras over the driveway.',
    }))
      body.append(k, v);
    body.append('services', 'alarm');
    body.append('services', 'cameras');
    const { page, context } = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/leads');
    // The request as the public form sends it (multipart), with this session's CSRF token.
    const { csrfToken } = (await (await page.request.get(`${env.server.url}/api/session`)).json()) as { csrfToken: string };
    const sent = await page.request.post(`${env.server.url}/api/quotes`, { multipart: body, headers: { 'x-csrf-token': csrfToken } });
    expect(sent.status(), await sent.text()).toBe(201);
    await page.reload();
    const card = page.getByRole('listitem', { name: 'Lead from Penelope Hargreaves-Wolfenden' });
    await card.getByRole('button', { name: 'Convert to client…' }).click();
    const form = card.getByRole('form', { name: 'Convert Penelope Hargreaves-Wolfenden to a client' });
    expect(await form.getByLabel(/^Street address/).inputValue()).toBe('742 Evergreen Terrace');
    expect(await form.getByLabel('Address line 2').inputValue()).toBe('Apt 3');
    expect(await form.getByLabel('City').inputValue()).toBe('Springfield');
    expect(await form.getByLabel('State').inputValue()).toBe('IL');
    expect(await form.getByLabel('ZIP').inputValue()).toBe('62704');
    expect(await form.getByLabel(/^Notes/).inputValue()).toContain('Services asked for: Alarm system, Security cameras.');
    await form.getByLabel('E-mail').fill('penelope@');
    await saveRefused(page, form, 'Create client', 'Enter a valid e-mail address.');
    await form.getByLabel('E-mail').fill('penelope.hargreaves-wolfenden@long-household-domain.example.org');
    await form.getByLabel(/A first job/).check();
    await form.getByRole('button', { name: 'Create client' }).click();

    await page.waitForURL(/\/admin\/clients\/[^/]+$/);
    await page.getByRole('heading', { name: 'Penelope Hargreaves-Wolfenden', level: 1 }).waitFor();
    await page.getByText('742 Evergreen Terrace, Apt 3, Springfield, IL 62704').first().waitFor();
    await page.getByTestId('origin-lead-status').getByText('converted').waitFor();
    await page.getByText('Alarm system, Security cameras — from quote request').waitFor();
    await context.close();

    const leads = readCollection<{ status: string; convertedClientId: string | null }>(env.server.dataDir, 'quote_requests');
    expect(leads).toEqual([expect.objectContaining({ status: 'converted', convertedClientId: expect.any(String) })]);
  });
});
