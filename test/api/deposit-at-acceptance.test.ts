import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { usePaymentsApp } from '../support/payments-app.ts';
import { TOKENS } from '../../src/container.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { InvoiceDetailDto, InvoiceListResponse } from '../../src/contracts/invoices.ts';
import type { CheckoutResponse } from '../../src/contracts/payments.ts';
import type { ProposalDto, PublicProposal } from '../../src/contracts/proposals.ts';
import { accept } from '../../src/domain/proposals/proposal.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { aProposalRequest, SIGNED } from '../support/proposal-doubles.ts';

const json = async <T,>(res: Response): Promise<T> => {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.clone().text()}`);
  return (await res.json()) as T;
};

/** A sent proposal (25 % deposit; option 2 totals $379.68, its deposit $94.92) for a new client with an e-mail. */
async function sentProposal(admin: TestClient): Promise<ProposalDto> {
  const client = await json<ClientView>(await admin.send('POST', '/api/clients', aClientInput()));
  const site = await json<{ id: string }>(await admin.send('POST', `/api/clients/${client.id}/sites`, aSiteInput()));
  const p = await json<ProposalDto>(await admin.send('POST', '/api/proposals', aProposalRequest(client.id, site.id)));
  await json(await admin.send('POST', `/api/proposals/${p.id}/send`, {}));
  return p;
}

const proposalInvoices = async (admin: TestClient, clientId: string) =>
  (await json<InvoiceListResponse>(await admin.get(`/api/invoices?clientId=${clientId}&limit=50`))).items.filter((i) => i.clientId === clientId);

/** Deposit at acceptance (docs/proposals.md "Deposit at acceptance", docs/payments.md): issued once, paid on the provider's page, reused by conversion. */
describe('the deposit invoice is issued when the customer accepts', () => {
  const w = usePaymentsApp();
  it('accepting issues the deposit invoice (sent, numbered, audited); the page pays it; twice-delivered webhooks record it once; conversion reuses it', async () => {
    const p = await sentProposal(w.admin);
    const visitor = new TestClient(w.t.url);
    const accepted = await json<PublicProposal>(await visitor.send('POST', `/api/public/proposals/${p.publicToken}/accept`, { optionId: 'opt-2', name: 'Grace Hopper', ...SIGNED }));
    expect(accepted.onlinePayment).toBe(true);
    expect(accepted.depositInvoice).toMatchObject({ number: expect.stringMatching(/^INV-\d{4}-\d{4}$/), paid: false, token: expect.any(String) });
    const deposit = accepted.depositInvoice!;
    const view = await json<ProposalDto & { depositInvoice?: { id: string; number: string } }>(await w.admin.get(`/api/proposals/${p.id}`));
    const depositId = (await w.t.container.resolve(TOKENS.ProposalDeps).proposals.get(p.id))!.depositInvoice!.id!;
    expect(view.status).toBe('accepted');
    const d = await json<InvoiceDetailDto>(await w.admin.get(`/api/invoices/${depositId}`));
    expect(d.invoice).toMatchObject({ number: deposit.number, status: 'sent', terms: 'net0', totalCents: deposit.totalCents, balanceCents: deposit.totalCents, source: { kind: 'proposal', id: p.id } });
    expect(d.invoice.lines).toEqual([expect.objectContaining({ description: 'Deposit 25 % of Alarm and sensors', taxRateBp: 0 })]);
    expect(d.audit.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'send']));
    // The customer's signed-copy mail links it.
    const mails = await w.t.container.resolve(TOKENS.Outbox).list(50);
    const signedCopy = mails.find((m) => m.subject.startsWith(`Your signed proposal ${p.number}`));
    expect(signedCopy?.text).toContain(`Your deposit invoice ${deposit.number} ($`);
    expect(signedCopy?.text).toContain(`see and pay it at ${w.t.url}/i/${deposit.token}`);

    // "Pay the deposit now": a checkout of the deposit invoice; the w.peer completes it and delivers each webhook twice.
    const { url } = await json<CheckoutResponse>(await visitor.send('POST', `/api/public/invoices/${deposit.token}/checkout`, {}));
    const sessionId = url.slice(`${w.peer.url}/pay/`.length);
    expect(w.peer.sessions.get(sessionId)).toMatchObject({ amount_total: deposit.totalCents, line_item_name: `Invoice ${deposit.number}` });
    w.peer.deliveries = 2;
    await w.peer.complete(sessionId);
    w.peer.deliveries = 1;
    const paid = await json<InvoiceDetailDto>(await w.admin.get(`/api/invoices/${depositId}`));
    expect(paid.invoice.status).toBe('paid');
    expect(paid.invoice.payments).toEqual([expect.objectContaining({ amountCents: deposit.totalCents, method: 'card' })]);
    const after = await json<PublicProposal>(await visitor.get(`/api/public/proposals/${p.publicToken}`));
    expect(after.depositInvoice).toMatchObject({ number: deposit.number, paid: true, balanceCents: 0 });

    // Conversion reuses the deposit invoice: the job is made, no second invoice.
    const converted = await json<ProposalDto>(await w.admin.send('POST', `/api/proposals/${p.id}/convert`, {}));
    expect(converted.conversion).toMatchObject({ invoiceId: depositId, invoiceNumber: deposit.number });
    expect((await proposalInvoices(w.admin, p.clientId)).map((i) => i.number)).toEqual([deposit.number]);
  });

  it('a second accept is refused and issues no second deposit invoice', async () => {
    const p = await sentProposal(w.admin);
    const body = { optionId: 'opt-1', name: 'Ada Lovelace', ...SIGNED };
    const [a, b] = await Promise.all([new TestClient(w.t.url).send('POST', `/api/public/proposals/${p.publicToken}/accept`, body), new TestClient(w.t.url).send('POST', `/api/public/proposals/${p.publicToken}/accept`, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await proposalInvoices(w.admin, p.clientId)).toHaveLength(1);
  });

  it('a proposal accepted before deposits were billed at acceptance gets its deposit invoice (a draft) at conversion', async () => {
    const p = await sentProposal(w.admin);
    const deps = w.t.container.resolve(TOKENS.ProposalDeps);
    // Accepted the old way: the acceptance stored, no deposit invoice.
    await deps.proposals.update(p.id, (cur) => accept(cur, { optionId: 'opt-1', name: 'Old Customer', agreed: true, ip: '127.0.0.1', email: null, userAgent: null, signaturePath: null, documentSha256: null }, new Date(), new Date().toISOString().slice(0, 10)));
    expect(await proposalInvoices(w.admin, p.clientId)).toHaveLength(0);
    const converted = await json<ProposalDto>(await w.admin.send('POST', `/api/proposals/${p.id}/convert`, {}));
    const invoices = await proposalInvoices(w.admin, p.clientId);
    expect(invoices).toHaveLength(1);
    expect(converted.conversion?.invoiceNumber).toBe(invoices[0]!.number);
    expect(invoices[0]!.status).toBe('draft');
  });
});

describe('deposit at acceptance without a payment provider', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await listenTestApp({ PAYMENT_INSTRUCTIONS: 'Bank transfer to Shieldline LLC, IBAN US00 1234 5678.' });
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
  });
  afterAll(() => t.close());

  it('the accepted page names the deposit invoice and shows the payment instructions, no online payment', async () => {
    const p = await sentProposal(admin);
    const accepted = await json<PublicProposal>(await new TestClient(t.url).send('POST', `/api/public/proposals/${p.publicToken}/accept`, { optionId: 'opt-1', name: 'Grace Hopper', ...SIGNED }));
    expect(accepted.onlinePayment).toBe(false);
    expect(accepted.depositInvoice).toMatchObject({ paid: false, token: expect.any(String) });
    const { depositGuide } = await import('../../src/domain/proposals/proposal-presentation.ts');
    const words = depositGuide(accepted, { currency: 'USD', locale: 'en-US' } as never)!;
    expect(words).toContain(`Deposit invoice ${accepted.depositInvoice!.number}, due on receipt, was issued when you accepted; the deposit is deducted from the final invoice.`);
    expect(words).toContain('How to pay: Bank transfer to Shieldline LLC, IBAN US00 1234 5678.');
    expect(words.join(' ')).not.toContain('we send you a deposit invoice');
  });
});
