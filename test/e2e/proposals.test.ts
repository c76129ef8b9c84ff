import { describe, expect, it } from 'vitest';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { readCollection } from '../support/stored-documents.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';

/**
 * The proposal editor and the client's page in Chromium, up to 'accepted'. Converting it into a
 * job and a deposit invoice, and what follows, is the money journey (money-journey.test.ts).
 */
describe('proposals in Chromium', () => {
  const env = serverAndBrowser();

  it('an admin sends a two-option proposal; the client opens the link in a fresh browser, signs with the mouse and accepts option 2; the admin sees the signature and certificate', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/proposals');
    await page.getByRole('table', { name: 'Proposals' }).getByText('No proposals yet.').waitFor();

    // A client with a site, made through the API as the signed-in admin.
    const client = aClientInput({ name: 'Edith Clarke', contacts: [{ name: 'Edith Clarke', role: 'Owner', emails: ['edith@example.com'], phones: [] }], sites: [aSiteInput({ label: 'Home' })] });
    const session = (await (await context.request.get(`${env.server.url}/api/session`)).json()) as { csrfToken: string };
    const created = await context.request.post(`${env.server.url}/api/clients`, { data: client, headers: { 'x-csrf-token': session.csrfToken, origin: env.server.url } });
    expect(created.status()).toBe(201);

    await page.getByRole('button', { name: 'New proposal' }).click();
    const form = page.getByRole('form', { name: 'New proposal' });
    await form.getByLabel('Find a client').fill('Edith');
    await form.getByRole('list', { name: 'Matching clients' }).getByRole('button', { name: /Edith Clarke/ }).click();
    // Her only site is picked for her (a proposal is always for a site).
    await expect.poll(() => form.getByLabel('Site of Edith Clarke').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Home');
    await form.getByLabel('Title').fill('Home security');
    await form.getByLabel('Deposit %').fill('25');

    const first = form.getByRole('group', { name: 'Option 1' });
    await first.getByLabel('Option name').fill('Alarm essentials');
    await first.getByLabel('Line description').fill('Alarm installation labour');
    await first.getByLabel('Qty').fill('3');
    await first.getByLabel('Unit $').fill('90');
    await first.getByLabel('Tax %').fill('8.25');
    await form.getByRole('button', { name: 'Add option' }).click();
    const second = form.getByRole('group', { name: 'Option 2' });
    await second.getByLabel('Option name').fill('Alarm and cameras');
    await second.getByLabel('Line description').fill('Alarm and four cameras, installed');
    await second.getByLabel('Qty').fill('5');
    await second.getByLabel('Unit $').fill('120');
    await second.getByLabel('Tax %').fill('8.25');
    // Live totals: 5 × $120 = $600 + 8.25 % tax ($49.50) = $649.50.
    await expect.poll(() => second.getByTestId('total-1').textContent()).toBe('$649.50');
    await form.getByRole('button', { name: 'Save draft' }).click();

    const detail = page.getByRole('region', { name: /^Proposal PRO-\d{4}-\d{4}$/ });
    await detail.waitFor();
    const number = (await detail.getAttribute('aria-label'))!.replace('Proposal ', '');
    // Send asks first: to whom, the subject, the PDF and the link; Cancel sends nothing.
    await detail.getByRole('button', { name: 'Send…' }).click();
    const ask = detail.getByRole('dialog', { name: `Send proposal ${number}?` });
    await ask.getByText(`Proposal ${number} from`, { exact: false }).waitFor();
    await ask.getByText(`${number}.pdf`).waitFor();
    await ask.getByRole('button', { name: 'Change address' }).click();
    expect(await ask.getByLabel('Send to').inputValue()).toMatch(/@/);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await detail.getByText('Draft', { exact: true }).first().waitFor();
    await detail.getByRole('button', { name: 'Send…' }).click();
    await detail.getByRole('dialog', { name: `Send proposal ${number}?` }).getByRole('button', { name: 'Send', exact: true }).click();
    await detail.getByRole('status').getByText(/^Sent to .+@/).waitFor();
    // Sending again says when it last went, and to whom.
    await detail.getByRole('button', { name: 'Send again…' }).click();
    const again = detail.getByRole('dialog', { name: `Send again proposal ${number}?` });
    await again.getByText(/^Last sent .+ to this address\.$/).waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    const link = await detail.getByRole('link', { name: /\/p\// }).getAttribute('href');
    expect(link).toMatch(/\/p\/[A-Za-z0-9_-]{32}$/);

    // The client, in a fresh browser context (no session).
    const visitor = await newPage(env.browser);
    await visitor.page.goto(link!);
    const proposal = visitor.page.getByRole('article', { name: `Proposal ${number}` });
    await proposal.getByRole('region', { name: 'Option 1: Alarm essentials' }).waitFor();
    await proposal.getByRole('region', { name: 'Option 2: Alarm and cameras' }).getByText('$649.50').waitFor();
    await proposal.getByLabel('Choose Alarm and cameras').check();
    await proposal.getByLabel('Your full name').fill('Edith Clarke');
    const accept = proposal.getByRole('button', { name: 'Accept' });
    // Not signed, not agreed: Accept waits and says what is missing.
    expect(await accept.isDisabled()).toBe(true);
    await proposal.getByText(/^To accept, sign in the box \(or use your typed name\) and tick “I agree to this proposal( and its terms)?”\.$/).waitFor();
    // Signs with the mouse on the pad.
    const pad = proposal.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
    await visitor.page.mouse.move(...at(0.1, 0.6));
    await visitor.page.mouse.down();
    for (const [x, y] of [[0.25, 0.3], [0.4, 0.7], [0.55, 0.35], [0.7, 0.65], [0.85, 0.4]] as const) await visitor.page.mouse.move(...at(x, y), { steps: 4 });
    await visitor.page.mouse.up();
    await proposal.getByText('Signed.', { exact: true }).waitFor();
    await proposal.getByText(/^To accept, tick “I agree to this proposal( and its terms)?”\.$/).waitFor();
    await proposal.getByLabel(/^I agree to this proposal( and its terms)?$/).check();
    await accept.click();
    await proposal.getByRole('status').getByText(/Accepted: Alarm and cameras, signed by Edith Clarke/).waitFor();
    await visitor.context.close();

    // Back in the office: accepted by Edith, with her signature and the certificate.
    await page.reload();
    const acceptance = detail.getByTestId('acceptance');
    await acceptance.getByText(/Accepted by Edith Clarke on .+ — Alarm and cameras, from /).waitFor();
    expect(await acceptance.getByRole('link', { name: 'View certificate' }).getAttribute('href')).toMatch(/\/api\/proposals\/.+\/certificate$/);
    const signature = acceptance.getByRole('img', { name: 'Signature of Edith Clarke' });
    await expect.poll(() => signature.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
    expect(await detail.getByRole('button', { name: /^Convert to job/ }).count()).toBe(1);
    await context.close();

    const [stored] = readCollection<{ number: string; status: string; acceptance: { optionId: string; name: string } }>(env.server.dataDir, 'proposals').filter((p) => p.number === number);
    expect(stored).toMatchObject({ status: 'accepted', acceptance: { name: 'Edith Clarke', signaturePath: expect.stringMatching(/^proposal-signatures\//), certificatePath: expect.stringMatching(/^proposal-certificates\//) } });
  });

  it('Maria, given viewProposals only, reads proposals but sees no edit controls', async () => {
    const admin = await newPage(env.browser);
    await signInAndOpen(admin.page, env.server.url, 'Frank Miller', '/admin/proposals');
    const session = (await (await admin.context.request.get(`${env.server.url}/api/session`)).json()) as { csrfToken: string };
    const patched = await admin.context.request.patch(`${env.server.url}/api/employees/emp-maria`, {
      data: { permissions: { viewProposals: true } },
      headers: { 'x-csrf-token': session.csrfToken, origin: env.server.url },
    });
    expect(patched.status()).toBe(200);
    await admin.context.close();

    const { page, context } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Maria Lopez', '/admin/proposals');
    await page.getByRole('table', { name: 'Proposals' }).getByText('Edith Clarke').click();
    const detail = page.getByRole('region', { name: /^Proposal PRO-/ });
    await detail.getByRole('link', { name: 'PDF' }).waitFor();
    expect(await page.getByRole('button', { name: 'New proposal' }).count()).toBe(0);
    for (const name of ['Send…', 'Send again…', 'Duplicate', 'Edit draft', 'Convert to job', 'Convert to job and deposit invoice']) expect(await detail.getByRole('button', { name, exact: true }).count()).toBe(0);
    await context.close();
  });
});
