import { describe, expect, it } from 'vitest';
import { readCollection } from '../support/stored-documents.ts';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';

describe('invoices and tax reporting in Chromium', () => {
  const env = serverAndBrowser();

  it('an admin creates an invoice, sends it, records a partial payment, and sees it in the tax report', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/invoices');
    await page.getByRole('table', { name: 'Invoices' }).getByText('No invoices yet. Create the first one.').waitFor();

    // A client to bill, created through the API as the signed-in admin (the clients screen has its own e2e).
    const client = aClientInput({ name: 'Ada Invoice-Test' });
    const created = await page.evaluate(async (body) => {
      const { csrfToken } = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const res = await fetch('/api/clients', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken }, body: JSON.stringify(body) });
      return res.status;
    }, client);
    expect(created).toBe(201);

    await page.getByRole('button', { name: 'New invoice' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.getByRole('searchbox', { name: 'Find a client' }).fill('Ada Invoice');
    await form.getByRole('option', { name: /Ada Invoice-Test/ }).waitFor({ state: 'attached' });
    await form.getByRole('combobox', { name: /^Client/ }).selectOption({ label: `Ada Invoice-Test — ${client.contacts![0]!.emails![0]}` });
    await form.getByLabel('Title', { exact: true }).fill('Alarm install');
    await form.getByLabel('Line 1 description').fill('Alarm panel');
    await form.getByLabel('Line 1 quantity').fill('1');
    await form.getByLabel('Line 1 unit price').fill('1000');
    await form.getByLabel('Line 1 tax rate').fill('10');
    await form.getByRole('button', { name: 'Add line' }).click();
    await form.getByLabel('Line 2 description').fill('Labour');
    await form.getByLabel('Line 2 quantity').fill('2');
    await form.getByLabel('Line 2 unit price').fill('100');
    await form.getByLabel('Line 2 tax rate').fill('0');
    // Live totals: 1000 + 10 % + 2 × 100 untaxed.
    await expect.poll(() => form.getByTestId('total').textContent()).toBe('$1,300.00');
    await form.getByRole('button', { name: 'Create draft' }).click();

    const detail = page.getByRole('complementary', { name: /^Invoice INV-\d{4}-0001$/ });
    await detail.waitFor();
    // Send asks first: the recipient by name and address, the subject, the PDF and the link.
    const number = (await detail.getAttribute('aria-label'))!.replace('Invoice ', '');
    await detail.getByRole('button', { name: 'Send…' }).click();
    const ask = detail.getByRole('dialog', { name: `Send invoice ${number}?` });
    // The person the address belongs to (the contact), not the client record's name.
    await ask.getByText(client.contacts![0]!.name, { exact: true }).waitFor();
    await ask.getByText(client.contacts![0]!.emails![0]!, { exact: true }).waitFor();
    expect(await ask.getByText(client.contacts![0]!.emails![0]!).count()).toBe(1); // the address once, not twice
    await ask.getByText(new RegExp(`^Invoice ${number} from .+`)).waitFor();
    await ask.getByText(`${number}.pdf`).waitFor();
    await ask.getByRole('link', { name: /\/i\// }).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await detail.getByTestId('invoice-status').textContent()).toBe('Draft');
    await detail.getByRole('button', { name: 'Send…' }).click();
    await detail.getByRole('dialog', { name: `Send invoice ${number}?` }).getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => detail.getByTestId('invoice-status').textContent()).toBe('Sent');
    await detail.getByRole('status').getByText(`Sent to ${client.contacts![0]!.emails![0]}.`).waitFor();
    await detail.getByRole('button', { name: 'Send again…' }).click();
    await detail.getByRole('dialog', { name: `Send again invoice ${number}?` }).getByText(/^Last sent /).waitFor();
    await detail.getByRole('dialog', { name: `Send again invoice ${number}?` }).getByRole('button', { name: 'Cancel' }).click();

    await detail.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('650');
    await dialog.getByRole('combobox', { name: /^Method/ }).selectOption('cash');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => detail.getByTestId('invoice-status').textContent()).toBe('Partly paid');
    expect(await detail.getByTestId('balance').textContent()).toBe('$650.00');
    const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row', { name: /INV-\d{4}-0001/ });
    await expect.poll(() => row.textContent()).toContain('Partly paid');

    // The tax report for this month: accrual counts the whole invoice, cash half of it.
    await page.goto(`${env.server.url}/admin/tax-reporting`);
    const perRate = page.getByRole('table', { name: 'Tax per rate' });
    await perRate.locator('[data-rate="1000"]').waitFor();
    expect(await page.getByTestId('total-taxable').textContent()).toBe('$1,200.00');
    expect(await page.getByTestId('total-tax').textContent()).toBe('$100.00');
    await page.getByRole('button', { name: 'Cash basis' }).click();
    await expect.poll(() => page.getByTestId('total-tax').textContent()).toBe('$50.00');
    expect(await page.getByTestId('total-taxable').textContent()).toBe('$600.00');
    await page.getByRole('table', { name: 'Invoices in the report' }).getByText(/INV-\d{4}-0001/).first().waitFor();
    await context.close();

    const [stored] = readCollection<{ number: string; status: string; paidCents: number; totalCents: number }>(env.server.dataDir, 'invoices');
    expect(stored).toMatchObject({ status: 'partial', paidCents: 65_000, totalCents: 130_000 });
  });
  it('an editor makes a new client link, then revokes it, from the drawer; the old link shows "no longer valid" on a phone without the client', async () => {
    const { page } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/invoices');
    const made = await page.evaluate(async (client) => {
      const { csrfToken } = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const post = async (path: string, body: unknown) =>
        (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken }, body: JSON.stringify(body) })).json() as Promise<{ id: string }>;
      const c = await post('/api/clients', client);
      const inv = await post('/api/invoices', { clientId: c.id, terms: 'net30', lines: [{ description: 'Keypad', quantity: 1, unitPriceCents: 25_000, taxRateBp: 0 }] });
      await post(`/api/invoices/${inv.id}/send`, {});
      const detail = (await (await fetch(`/api/invoices/${inv.id}`)).json()) as { publicUrl: string };
      return { id: inv.id, oldUrl: detail.publicUrl };
    }, aClientInput({ name: 'Wrong-Recipient Rosalind' }));

    await page.goto(`${env.server.url}/admin/invoices?invoice=${made.id}`);
    const link = page.getByTestId('client-link');
    await link.getByRole('button', { name: 'New link' }).click();
    await link.getByRole('dialog', { name: 'Make a new client link?' }).getByRole('button', { name: 'Make new link' }).click();
    await link.getByText('New link made.').waitFor();
    const newUrl = await link.getByRole('link').getAttribute('href');
    expect(newUrl).not.toBe(made.oldUrl);

    const { page: phone } = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
    await phone.goto(made.oldUrl);
    await phone.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();
    expect(await phone.locator('main').innerText()).not.toContain('Rosalind');
    await phone.goto(newUrl!);
    await phone.getByText('Wrong-Recipient Rosalind').waitFor();

    await link.getByRole('button', { name: 'Revoke link' }).click();
    await link.getByRole('dialog', { name: 'Revoke the client link?' }).getByRole('button', { name: 'Revoke link' }).click();
    await link.getByText('The client link is off').waitFor();
    await phone.reload();
    await phone.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();
    await page.locator('summary', { hasText: 'History' }).click();
    await page.getByRole('list', { name: 'History' }).getByText(/Client link revoked/).waitFor();
  });
});
