import { describe, expect, it } from 'vitest';
import { newPage, shot, signInAndOpen } from '../support/browser.ts';
import { stripeServerAndBrowser } from '../support/e2e-environment.ts';
import { api } from '../support/page-api.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { aProposalRequest } from '../support/proposal-doubles.ts';

const CASEY = 'casey.jordan@example.com';
const NAME = 'Bartholomew Alexander Montgomery-Fitzgerald III and the Springfield Heights Homeowners Association';

/**
 * Paying an invoice online in Chromium: the customer's link, Pay part, the provider's hosted
 * page (the loopback Stripe peer), back to the link which says the payment was received; the
 * peer delivers every webhook twice and the payment is recorded once.
 */
describe('online payment in Chromium', () => {
  const env = stripeServerAndBrowser((peer) => {
    peer.deliveries = 2;
  });

  it('pays part of an invoice through the provider page; the page says received and the payment appears once', async () => {
    const { server, browser, peer } = env;
    const office = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await signInAndOpen(office.page, server.url, 'Frank Miller', '/admin/invoices');
    const office$ = <T,>(method: string, path: string, body?: unknown) => api<T>(office.page, method, path, body).then((r) => r.json);
    const client = await office$<{ id: string }>('POST', '/api/clients', aClientInput({ name: NAME }));
    const inv = await office$<{ id: string; number: string }>('POST', '/api/invoices', { clientId: client.id, terms: 'net30', lines: [{ description: 'Alarm panel and keypad', quantity: 1, unitPriceCents: 120_000, taxRateBp: 825 }] });
    await office$('POST', `/api/invoices/${inv.id}/send`, {});
    const made = { ...inv, url: (await office$<{ publicUrl: string }>('GET', `/api/invoices/${inv.id}`)).publicUrl };

    const { page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await page.goto(made.url);
    await page.getByRole('button', { name: 'Pay $1,299.00' }).waitFor();
    await page.getByRole('button', { name: 'Pay part' }).click();
    const amount = page.getByLabel('Amount to pay now (at most $1,299.00)');
    await amount.fill('$5,000.00');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Amount: $5,000.00 is more than the balance due ($1,299.00); enter at most $1,299.00.').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await amount.fill('$400.00');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // The provider's hosted page (the peer), then back on the link.
    await page.waitForURL(`${peer.url}/pay/**`);
    await page.getByRole('heading', { name: 'Pay $400.00' }).waitFor();
    expect(await page.getByText(`Invoice ${made.number}`).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Pay $400.00' }).click();
    await page.waitForURL(`${made.url}?checkout=*`);
    await page.getByText('Payment received — thank you. $400.00 is recorded on this invoice.').waitFor();
    const totals = page.getByRole('article', { name: `Invoice ${made.number}` });
    await totals.getByText('$899.00').first().waitFor();
    expect(await page.getByText(/^Paid \d/).count()).toBe(1);
    await page.getByRole('button', { name: 'Pay $899.00' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Every event was delivered twice and accepted; the office sees one payment of $400.00.
    expect(peer.answers.length).toBe(4);
    expect(peer.answers.every((s) => s === 200)).toBe(true);
    const { payments } = (await office$<{ invoice: { payments: { amountCents: number; method: string }[] } }>('GET', `/api/invoices/${made.id}`)).invoice;
    expect(payments).toEqual([expect.objectContaining({ amountCents: 40_000, method: 'card' })]);
  });

  it('the office screen: a card payment made online offers only Refund, a refund reads "Refund $10.00"; panels open in view with their first field focused; mistyped amounts are refused in money words', async () => {
    const { server, browser, peer } = env;
    const office = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    const { page } = office;
    await signInAndOpen(page, server.url, 'Frank Miller', '/admin/invoices');
    const office$ = <T,>(method: string, path: string, body?: unknown) => api<T>(page, method, path, body).then((r) => r.json);
    const client = await office$<{ id: string }>('POST', '/api/clients', aClientInput({ name: NAME }));
    const inv = await office$<{ id: string; number: string }>('POST', '/api/invoices', { clientId: client.id, terms: 'net30', lines: [{ description: 'Alarm panel and keypad', quantity: 1, unitPriceCents: 120_000, taxRateBp: 825 }] });
    await office$('POST', `/api/invoices/${inv.id}/send`, {});
    const token = (await office$<{ publicUrl: string }>('GET', `/api/invoices/${inv.id}`)).publicUrl.split('/i/')[1]!;
    const { url } = await office$<{ url: string }>('POST', `/api/public/invoices/${token}/checkout`, { amount: '$400.00' });
    await peer.complete(url.slice(`${peer.url}/pay/`.length));

    await page.goto(`${server.url}/admin/invoices?invoice=${inv.id}`);
    const detail = page.getByRole('complementary', { name: `Invoice ${inv.number}` });
    const rows = detail.getByTestId('payment');
    await rows.filter({ hasText: '$400.00' }).waitFor();
    const card = rows.filter({ hasText: 'Online payment (stripe)' });
    expect(await card.getByRole('button').allTextContents()).toEqual(['Refund']);

    // Record payment: the panel is in view, its Amount focused; "abc", 0 and too much are refused at the field.
    const inView = (name: string | RegExp) =>
      page.getByRole('dialog', { name }).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top < window.innerHeight && r.bottom > 0, focused: el.contains(document.activeElement) && document.activeElement?.tagName === 'INPUT' ? (document.activeElement as HTMLInputElement).id : null };
      });
    await detail.getByRole('button', { name: 'Record payment' }).click();
    const pay = page.getByRole('dialog', { name: 'Record payment' });
    await expect.poll(() => inView('Record payment')).toEqual({ top: true, focused: 'pay-amount' });
    const amount = pay.getByRole('textbox', { name: /^Amount/ });
    for (const [typed, said] of [
      ['abc', 'Amount: Enter an amount such as 1,000.00.'],
      ['0', 'Amount: enter an amount above zero, at most the balance due ($899.00).'],
      ['$1,000.00', 'Amount: $1,000.00 is more than the balance due ($899.00); enter at most $899.00.'],
    ] as const) {
      await amount.fill(typed);
      await pay.getByRole('button', { name: 'Record payment' }).click();
      await pay.getByText(said).waitFor();
    }
    await shot(page, 'invoice-record-payment-refused-desktop');
    await amount.fill('$100.00');
    await pay.getByRole('combobox', { name: /^Method/ }).selectOption('cash');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    const cash = rows.filter({ hasText: 'Cash' });
    await cash.waitFor();
    expect(await cash.getByRole('button').allTextContents()).toEqual(['Edit', 'Remove']);

    // Edit the office's own payment.
    await cash.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => inView('Correct payment of $100.00')).toEqual({ top: true, focused: expect.stringMatching(/-amount$/) });
    const fix = page.getByRole('dialog', { name: 'Correct payment of $100.00' });
    await fix.getByRole('textbox', { name: /^Amount/ }).fill('$150.00');
    await fix.getByRole('button', { name: 'Save payment' }).click();
    await rows.filter({ hasText: '$150.00' }).waitFor();

    // Refund $10.00 of the card payment: booked by the webhook, listed as "Refund $10.00", nothing to edit on it.
    await card.getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => inView('Refund card payment')).toEqual({ top: true, focused: 'refund-amount' });
    const refund = page.getByRole('dialog', { name: 'Refund card payment' });
    await refund.getByRole('textbox', { name: 'Amount to refund' }).fill('$10.00');
    await refund.getByRole('textbox', { name: 'Reason' }).fill('Keypad returned unused');
    await refund.getByRole('button', { name: 'Review refund' }).click();
    await refund.getByRole('button', { name: 'Refund $10.00' }).click();
    const back = rows.filter({ hasText: 'Refund $10.00' });
    await back.waitFor();
    expect(await back.getByRole('button').count()).toBe(0);
    expect(await detail.getByTestId('balance').textContent()).toBe('$759.00');
    await shot(page, 'invoice-payments-desktop');

    // On a phone: the panel opened from the top of a long screen is scrolled to, its field focused, nothing sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('dialog', { name: 'Refund requested' }).getByRole('button', { name: 'Close' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await detail.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => inView('Record payment')).toEqual({ top: true, focused: 'pay-amount' });
    await page.getByRole('dialog', { name: 'Record payment' }).getByRole('textbox', { name: /^Amount/ }).fill('abc');
    await page.getByRole('dialog', { name: 'Record payment' }).getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('Amount: Enter an amount such as 1,000.00.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'invoice-record-payment-phone');
    await page.getByRole('dialog', { name: 'Record payment' }).getByRole('button', { name: 'Cancel' }).click();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, 'invoice-payments-phone');
    await office.context.close();
  });

  it('Casey signs in, opens her proposal from /portal, signs with the mouse, accepts, pays the deposit on the provider page and sees it paid; the office is told; two deliveries record one payment', async () => {
    const { server, browser, peer } = env;
    const office = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await signInAndOpen(office.page, server.url, 'Frank Miller', '/admin');
    const office$ = <T,>(method: string, path: string, body?: unknown) => api<T>(office.page, method, path, body).then((r) => r.json);
    // Seeded through the API: Casey's e-mail is a contact of a client, who has a sent proposal (25 % deposit).
    const client = await office$<{ id: string }>('POST', '/api/clients', aClientInput({ name: 'Casey Jordan', contacts: [{ name: 'Casey Jordan', role: 'Owner', emails: [CASEY], phones: [] }] }));
    const site = await office$<{ id: string }>('POST', `/api/clients/${client.id}/sites`, aSiteInput());
    const proposal = await office$<{ id: string; number: string }>('POST', '/api/proposals', aProposalRequest(client.id, site.id));
    await office$('POST', `/api/proposals/${proposal.id}/send`, {});
    const answersBefore = peer.answers.length;

    // Casey signs in with the provider from /portal and lands there.
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await page.goto(`${server.url}/portal`);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('main').getByRole('button', { name: 'Sign in with Google' }).click()]);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: /^Casey Jordan/ }).click().catch(() => {});
    await closed;
    await page.getByRole('heading', { name: 'Hello, Casey Jordan' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal');

    // Her proposal: review, choose, sign with the mouse, agree, accept.
    await page.getByRole('region', { name: 'Proposals' }).getByRole('link', { name: 'Review and sign' }).click();
    const article = page.getByRole('article', { name: `Proposal ${proposal.number}` });
    await article.getByLabel('Choose Alarm and sensors').check();
    await article.getByLabel('Your full name').fill('Casey Jordan');
    const pad = article.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
    await page.mouse.move(...at(0.1, 0.6));
    await page.mouse.down();
    for (const [x, y] of [[0.25, 0.3], [0.4, 0.7], [0.55, 0.35], [0.7, 0.65], [0.85, 0.4]] as const) await page.mouse.move(...at(x, y), { steps: 4 });
    await page.mouse.up();
    await article.getByText('Signed.', { exact: true }).waitFor();
    await article.getByLabel(/^I agree to this proposal( and its terms)?$/).check();
    await article.getByRole('button', { name: 'Accept' }).click();
    await article.getByRole('status').getByText(/Accepted: Alarm and sensors, signed by Casey Jordan/).waitFor();

    // The deposit invoice is there at once: pay it on the provider's page (the peer).
    peer.deliveries = 2;
    const deposit = article.getByRole('region', { name: 'Deposit' });
    const due = deposit.getByText(/^Deposit invoice INV-\d{4}-\d{4}: \$94\.72 due now\.$/);
    const number = /INV-\d{4}-\d{4}/.exec((await due.textContent())!)![0];
    await shot(page, 'deposit-accepted-desktop');
    await deposit.getByRole('button', { name: 'Pay the deposit now ($94.72)' }).click();
    await page.waitForURL(`${peer.url}/pay/**`);
    await page.getByText(`Invoice ${number}`).waitFor();
    await page.getByRole('button', { name: 'Pay $94.72' }).click();
    await page.waitForURL(/\/i\/[^?]+\?checkout=/);
    await page.getByText('Payment received — thank you. $94.72 is recorded on this invoice.').waitFor();
    await page.getByText(/Paid in full/).first().waitFor();
    await shot(page, 'deposit-paid-desktop');

    // The office: the bell counts the payment, the list names it.
    await office.page.goto(`${server.url}/admin/notifications`);
    await office.page.getByRole('button', { name: `Unread: Payment $94.72 paid online: ${number}, Casey Jordan` }).waitFor();
    expect(await office.page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).count()).toBeGreaterThan(0);

    // Every event delivered twice and accepted; one payment on the invoice.
    peer.deliveries = 1;
    const delivered = peer.answers.slice(answersBefore);
    expect(delivered).toEqual([200, 200, 200, 200]);
    const found = await office$<{ items: { id: string; number: string }[] }>('GET', `/api/invoices?search=${number}`);
    const id = found.items.find((i) => i.number === number)!.id;
    const { payments } = (await office$<{ invoice: { payments: { amountCents: number; method: string }[] } }>('GET', `/api/invoices/${id}`)).invoice;
    expect(payments).toEqual([expect.objectContaining({ amountCents: 9_472, method: 'card' })]);

    // Card on file: Casey saves a card from /portal on the provider's page and sees it masked; the office sees it and switches auto-pay on.
    await page.goto(`${server.url}/portal?client=${client.id}`);
    const cards = page.getByRole('region', { name: 'Card for monitoring payments' });
    await cards.getByRole('button', { name: 'Save a card for monitoring payments' }).click();
    await page.waitForURL(`${peer.url}/pay/**`);
    await page.getByRole('button', { name: 'Save card' }).click();
    await cards.getByText('Card saved: Visa •••• 4242.').waitFor();
    await cards.getByText('We charge this card for your monitoring invoices when they are issued. You can remove it any time.').waitFor();
    expect(new URL(page.url()).search).toBe(`?client=${client.id}`);
    await shot(page, 'card-saved-desktop');
    // On a phone its buttons are full size (a thumb's height, readable), like the rest of the hub.
    await page.setViewportSize({ width: 390, height: 844 });
    await cards.getByRole('button', { name: 'Remove…' }).click();
    for (const name of ['Remove card', 'Keep it']) {
      const box = await cards.getByRole('button', { name }).evaluate((el) => ({ height: el.getBoundingClientRect().height, font: parseFloat(getComputedStyle(el).fontSize) }));
      expect(box.height, name).toBeGreaterThanOrEqual(36);
      expect(box.font, name).toBeGreaterThanOrEqual(14);
    }
    await shot(page, 'card-remove-phone');
    await cards.getByRole('button', { name: 'Keep it' }).click();
    const another = await cards.getByRole('button', { name: 'Use another card' }).evaluate((el) => el.getBoundingClientRect().height);
    expect(another).toBeGreaterThanOrEqual(36);
    await office.page.goto(`${server.url}/admin/clients/${client.id}`);
    await office.page.getByText(/^Visa •••• 4242/).first().waitFor();
    await office.page.getByRole('switch', { name: 'Auto-pay monitoring invoices' }).check();
    await office.page.getByText('Switched auto-pay on').waitFor();
    await context.close();
  });
});
