import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { newPage, shot, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { pdfText } from '../support/invoice-deps.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { aProposalRequest } from '../support/proposal-doubles.ts';

const PAY = 'Bank transfer to First Springfield Bank, account 000123456, routing 071000013. Checks payable to Shieldline Security.';
const NAME = 'Bartholomew Alexander Montgomery-Fitzgerald III';
const ADDRESS = { line1: '4821 North Westmoreland Blvd', line2: 'Apt 12B', city: 'Springfield', region: 'IL', postcode: '62704', country: 'US' };
const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Issue 14 "documents a business would sign", as the customer meets them: the public invoice page
 * with the billing address and How to pay, the credit note's own number, the public proposal with
 * its deposit terms and honest acceptance wording, and the footer's year, on a desktop and a phone.
 */
describe('customer documents in Chromium', () => {
  const env = serverAndBrowser({ PAYMENT_INSTRUCTIONS: PAY });

  it('invoice, credit note and proposal pages show the address, how to pay and how to accept on desktop and phone', async () => {
    const { page } = await newPage(env.browser, { viewport: DESKTOP });
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/invoices');
    const made = await page.evaluate(
      async ({ client, site, proposal }) => {
        const { csrfToken } = (await (await fetch('/api/session')).json()) as { csrfToken: string };
        const post = async <T,>(path: string, body: unknown) => {
          const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken }, body: JSON.stringify(body) });
          if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
          return (await res.json()) as T;
        };
        const c = await post<{ id: string }>('/api/clients', client);
        const addedSite = await post<{ id: string }>(`/api/clients/${c.id}/sites`, site);
        const inv = await post<{ id: string; number: string }>('/api/invoices', { clientId: c.id, terms: 'net30', lines: [{ description: 'Alarm panel and keypad', quantity: 1, unitPriceCents: 120_000, taxRateBp: 825 }] });
        await post(`/api/invoices/${inv.id}/send`, {});
        const cn = await post<{ id: string; number: string }>(`/api/invoices/${inv.id}/credit-notes`, { reason: 'Keypad returned', lines: [{ description: 'Keypad returned', quantity: 1, unitPriceCents: 10_000, taxRateBp: 825 }] });
        const invDetail = (await (await fetch(`/api/invoices/${inv.id}`)).json()) as { publicUrl: string };
        const cnDetail = (await (await fetch(`/api/invoices/${cn.id}`)).json()) as { publicUrl: string };
        const p = await post<{ id: string; number: string }>('/api/proposals', { ...proposal, clientId: c.id, siteId: addedSite.id, terms: '' });
        const sent = await post<{ publicUrl: string }>(`/api/proposals/${p.id}/send`, {});
        return { invoice: { ...inv, url: invDetail.publicUrl }, creditNote: { ...cn, url: cnDetail.publicUrl }, proposal: { ...p, url: sent.publicUrl } };
      },
      { client: aClientInput({ name: NAME, billingAddress: ADDRESS }), site: aSiteInput(), proposal: aProposalRequest('', '') },
    );
    expect(made.creditNote.number).toMatch(/^CN-\d{4}-0001$/);

    // The back office lists the credit note under its own number.
    await page.goto(`${env.server.url}/admin/invoices`);
    await page.getByRole('table', { name: 'Invoices' }).getByText(made.creditNote.number).waitFor();
    // …and the office can send it to the customer, through the same confirmation as an invoice.
    await page.getByRole('table', { name: 'Invoices' }).getByText(made.creditNote.number).click();
    await page.getByRole('button', { name: 'Send…' }).click();
    await page.getByText(`Send credit note ${made.creditNote.number}?`).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { page: customer, context } = await newPage(env.browser, { viewport });
      await customer.goto(made.invoice.url);
      const billTo = customer.getByRole('group', { name: 'Bill to' }).or(customer.locator('address[aria-label="Bill to"]'));
      await billTo.getByText(NAME).waitFor();
      const billed = await billTo.innerText();
      for (const line of ['4821 North Westmoreland Blvd', 'Apt 12B', 'Springfield, IL 62704']) expect(billed).toContain(line);
      expect(billed).not.toMatch(/,\s*,|,\s*$/m);
      const pay = customer.getByRole('region', { name: 'How to pay' });
      await pay.getByText(PAY).waitFor();
      expect(await pay.innerText()).toMatch(/Please pay \$1,190\.75 and quote INV-\d{4}-\d{4} with your payment\./);
      expect(await noSidewaysScroll(customer)).toBe(true);
      // R-NAV-14: the footer's copyright year is the configured one (COPYRIGHT_YEAR, default 2025).
      await customer.locator('footer').getByText('© 2025 ', { exact: false }).waitFor();
      await shot(customer, `invoice-${size}`);

      await customer.goto(made.creditNote.url);
      await customer.getByRole('heading', { name: `Credit note ${made.creditNote.number}` }).waitFor();
      expect(await customer.getByRole('region', { name: 'How to pay' }).count()).toBe(0);
      await shot(customer, `credit-note-${size}`);

      await customer.goto(made.proposal.url);
      // The site's address as en-US writes it: no comma between state and ZIP.
      await customer.getByText(/Cedar Court, Riverton, IL 60001/).waitFor();
      const deposit = customer.getByRole('region', { name: 'Deposit' });
      await deposit.getByText(/A deposit of 25 % of the chosen option's total is due on acceptance/).waitFor();
      expect(await deposit.innerText()).toContain(`How to pay: ${PAY}`);
      // No terms on this proposal: the page neither shows nor claims any.
      const accept = customer.getByRole('form', { name: 'Accept the proposal' });
      await accept.getByText('Your name, your signature and “I agree” are your acceptance of the chosen option. We e-mail you a signed copy with an acceptance certificate.').waitFor();
      await accept.getByLabel('I agree to this proposal', { exact: true }).waitFor();
      expect(await customer.locator('main').innerText()).not.toMatch(/terms/i);
      expect(await noSidewaysScroll(customer)).toBe(true);
      await shot(customer, `proposal-${size}`);
      await context.close();
    }

    // The PDFs the customer downloads say the same.
    const pdf = async (url: string) => {
      const bytes = new Uint8Array(await (await fetch(url.replace('/i/', '/api/public/invoices/').replace('/p/', '/api/public/proposals/') + '/pdf')).arrayBuffer());
      if (process.env['SHOTS_DIR']) writeFileSync(join(process.env['SHOTS_DIR'], `${url.split('/').at(-2)}-${bytes.length}.pdf`), bytes);
      return pdfText(bytes);
    };
    const invoicePdf = (await pdf(made.invoice.url)).replace(/\s+/g, ' ');
    for (const words of ['4821 North Westmoreland Blvd', 'Apt 12B', 'Springfield, IL 62704', 'How to pay', PAY]) expect(invoicePdf).toContain(words);
    const creditPdf = (await pdf(made.creditNote.url)).replace(/\s+/g, ' ');
    expect(creditPdf).toContain(`Number ${made.creditNote.number}`);
    expect(creditPdf).toContain(`For invoice ${made.invoice.number}`);
    const proposalPdf = (await pdf(made.proposal.url)).replace(/\s+/g, ' ');
    for (const words of ['How to accept', 'Deposit', `How to pay: ${PAY}`]) expect(proposalPdf).toContain(words);
    expect(proposalPdf).not.toMatch(/\bTerms\b/);
  });
});
