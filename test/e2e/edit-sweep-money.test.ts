import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import type { InvoiceDetailDto, InvoiceDto } from '../../src/contracts/invoices.ts';
import type { ProposalDto } from '../../src/contracts/proposals.ts';
import { dateTimeFormat } from '../../src/domain/shared/intl-format.ts';

const LONG_NAME = 'Maximilian Alexander Montgomery-Fitzgerald';
const LONG_EMAIL = 'maximilian.alexander.montgomery-fitzgerald@a-very-long-company-domain-example.com';

/** A calendar day `days` from today in the browser's zone (the machine's), as the date input takes it. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');
/** A calendar day as the back office writes it ("Nov 27, 2026", formatDay in web/src/ui/dates.ts). */
const backOfficeDay = (iso: string) => dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

/** The signed-in admin's API, through the page (session cookie and CSRF token). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { csrfToken } = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const res = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: res.status, json: (await res.json()) as T };
    },
    { method, path, body },
  );
}

/**
 * Edit sweep of the money screens: an invoice and a proposal are edited through their forms,
 * bad values are refused at their fields without changing anything, good ones survive a
 * reload; a payment is recorded, corrected and removed; both are duplicated.
 */
describe('money screens: edit sweep in Chromium', () => {
  const env = serverAndBrowser();

  it('edits an invoice and a proposal, refuses bad values at their fields, corrects payments and duplicates', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/invoices');
    const client = await api<{ id: string; sites: { id: string }[] }>(
      page,
      'POST',
      '/api/clients',
      aClientInput({ name: LONG_NAME, contacts: [{ name: LONG_NAME, role: 'Owner', emails: [LONG_EMAIL], phones: [] }], sites: [aSiteInput({ label: 'Lake house' })] }),
    );
    expect(client.status).toBe(201);
    const today = dayFromToday(0);
    const inv = (await api<InvoiceDto>(page, 'POST', '/api/invoices', { clientId: client.json.id, terms: 'net30', issueDate: today, lines: [{ description: 'Alarm panel', quantity: 1, unitPriceCents: 50_000, taxRateBp: 0 }] })).json;

    // ---- the invoice: bad values refused at their fields, nothing saved
    await page.goto(`${env.server.url}/admin/invoices?invoice=${inv.id}`);
    const detail = page.getByRole('complementary', { name: `Invoice ${inv.number}` });
    await detail.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: `Edit ${inv.number}` });
    await form.getByLabel('Line 1 unit price').fill('$1,000.00x');
    await form.getByLabel('Line 1 description').fill('');
    await form.getByLabel(/^Issue date/).fill('1999-11-20');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await form.getByText('Enter an amount such as 1,000.00.').waitFor();
    await form.getByText('Describe the line.').waitFor();
    await form.getByText(/^Issue date: 11\/20\/1999 is more than 365 days ago; the earliest is \d{2}\/\d{2}\/\d{4}\.$/).waitFor();
    expect(await form.getByText('Please check the invoice.').count()).toBe(0);
    expect(await form.getByText(/Issue date: 11\/20\/1999/).count()).toBe(1);
    expect((await api<InvoiceDetailDto>(page, 'GET', `/api/invoices/${inv.id}`)).json.invoice).toMatchObject({ issueDate: today, totalCents: 50_000 });

    // ---- good values survive a reload
    await form.getByLabel('Line 1 unit price').fill('$1,000.00');
    await form.getByLabel('Line 1 description').fill('Alarm panel, hard-wired, with cellular communicator');
    await form.getByLabel(/^Issue date/).fill(today);
    await form.getByLabel('Notes (printed on the invoice)').fill('Gate code 4411 — the dog is friendly.');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await form.waitFor({ state: 'detached' });
    await page.reload();
    await detail.getByText('Alarm panel, hard-wired, with cellular communicator').first().waitFor();
    await detail.getByText('Gate code 4411 — the dog is friendly.').first().waitFor();
    await detail.getByText(backOfficeDay(today)).first().waitFor();
    expect(await detail.getByTestId('balance').textContent()).toBe('$1,000.00');

    // ---- payments: record "$400", correct it to "1,000.00", remove it; void explains meanwhile
    await detail.getByRole('button', { name: 'Send…' }).click();
    await detail.getByRole('dialog', { name: /^Send invoice/ }).getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => detail.getByTestId('invoice-status').textContent()).toBe('Sent');
    await detail.getByRole('button', { name: 'Record payment' }).click();
    const pay = page.getByRole('dialog', { name: 'Record payment' });
    await pay.getByRole('textbox', { name: /^Amount/ }).fill('$1,000.01');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await pay.getByText('Amount: $1,000.01 is more than the balance due ($1,000.00); enter at most $1,000.00.').waitFor();
    await pay.getByRole('textbox', { name: /^Amount/ }).fill('$400');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => detail.getByTestId('invoice-status').textContent()).toBe('Partly paid');
    expect(await detail.getByTestId('balance').textContent()).toBe('$600.00');

    await detail.getByRole('button', { name: 'Void' }).click();
    await page.getByTestId('void-blocked').getByText(/has a payment of \$400\.00 recorded\. Remove the recorded payments first/).waitFor();
    await page.getByRole('dialog', { name: `Void ${inv.number}` }).getByRole('button', { name: 'Close' }).click();

    await detail.getByRole('button', { name: /^Edit payment of \$400\.00/ }).click();
    const fix = page.getByRole('dialog', { name: 'Correct payment of $400.00' });
    await fix.getByRole('textbox', { name: /^Amount/ }).fill('1,000.00');
    await fix.getByRole('combobox', { name: /^Method/ }).selectOption('check');
    await fix.getByRole('textbox', { name: /^Reference/ }).fill('Check 1042');
    await fix.getByRole('button', { name: 'Save payment' }).click();
    await expect.poll(() => detail.getByTestId('invoice-status').textContent()).toBe('Paid');
    await detail.getByTestId('payment').getByText(/\$1,000\.00 · Check · Check 1042/).waitFor();

    await detail.getByRole('button', { name: /^Remove payment of \$1,000\.00/ }).click();
    await page.getByRole('dialog', { name: 'Remove payment?' }).getByRole('button', { name: 'Remove payment' }).click();
    await expect.poll(() => detail.getByTestId('invoice-status').textContent()).toBe('Sent');
    expect(await detail.getByTestId('balance').textContent()).toBe('$1,000.00');
    await detail.getByText('No payments yet.').waitFor();
    await detail.getByText('History').click();
    await detail.getByText(/Payment corrected by Frank Miller/).waitFor();
    await detail.getByText(/Payment removed by Frank Miller/).waitFor();

    // ---- duplicate opens the new draft
    await detail.getByRole('button', { name: 'Duplicate' }).click();
    const copy = page.getByRole('complementary', { name: /^Invoice INV-\d{4}-0002$/ });
    await copy.waitFor();
    expect(await copy.getByTestId('invoice-status').textContent()).toBe('Draft');
    await copy.getByText('Alarm panel, hard-wired, with cellular communicator').first().waitFor();

    // ---- the proposal: bad values refused at their fields, good ones survive a reload
    const proposal = (
      await api<ProposalDto>(page, 'POST', '/api/proposals', {
        clientId: client.json.id,
        siteId: client.json.sites[0]!.id,
        title: 'Lake house security',
        depositPercent: 30,
        validUntil: dayFromToday(30),
        options: [{ id: 'opt-good', tier: 'good', name: 'Alarm essentials', lines: [{ kind: 'labour', description: 'Installation labour', quantity: 3, unitPriceCents: 9_000, taxRateBp: 825, itemId: null }] }],
      })
    ).json;
    await page.goto(`${env.server.url}/admin/proposals?open=${proposal.id}&edit=open`);
    const pform = page.getByRole('form', { name: `Edit ${proposal.number}` });
    const option = pform.getByRole('group', { name: 'Option 1' });
    await option.getByLabel('Unit $').fill('$1,000.00x');
    await option.getByLabel('Line description').fill('');
    await pform.getByLabel(/^Valid until/).fill('1999-11-20');
    await pform.getByRole('button', { name: 'Save draft' }).click();
    await option.getByText('Unit price: enter an amount such as 1,000.00.').waitFor();
    await option.getByText('Describe the line.').waitFor();
    await pform.getByText(/^Valid until: 11\/20\/1999 is more than 365 days ago/).waitFor();
    expect(await pform.getByText('Some fields need attention.').count()).toBe(0);
    expect((await api<ProposalDto>(page, 'GET', `/api/proposals/${proposal.id}`)).json.options[0]!.lines[0]).toMatchObject({ description: 'Installation labour', unitPriceCents: 9_000 });

    await option.getByLabel('Unit $').fill('$1,000.00');
    await option.getByLabel('Line description').fill('Alarm installation labour, two technicians');
    await pform.getByLabel(/^Valid until/).fill(dayFromToday(20));
    await pform.getByLabel('Terms').fill('Deposit on acceptance; balance on completion.');
    await pform.getByRole('button', { name: 'Save draft' }).click();
    const pdetail = page.getByRole('region', { name: `Proposal ${proposal.number}` });
    await pdetail.waitFor();
    await page.reload();
    await pdetail.getByText(/Alarm installation labour, two technicians/).waitFor();
    await pdetail.getByText('Deposit on acceptance; balance on completion.').waitFor();
    await pdetail.getByText(`Valid until ${backOfficeDay(dayFromToday(20))}`, { exact: false }).waitFor();
    const saved = (await api<ProposalDto>(page, 'GET', `/api/proposals/${proposal.id}`)).json;
    expect(saved.options[0]!.lines[0]).toMatchObject({ unitPriceCents: 100_000 });

    await pdetail.getByRole('button', { name: 'Duplicate' }).click();
    const pcopy = page.getByRole('region', { name: /^Proposal PRO-\d{4}-0002$/ });
    await pcopy.waitFor();
    await pcopy.getByText(/Alarm installation labour, two technicians/).waitFor();
    await context.close();
  });
});
