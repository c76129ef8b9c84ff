import { expect } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';
import { aPngOf } from '../support/image-factories.ts';
import { companyInput } from '../support/company-time.ts';
import { aProposalRequest } from '../support/proposal-doubles.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { InvoiceDto } from '../../src/contracts/invoices.ts';

/**
 * A client hub test world: the real server with an SMTP peer, an admin, and clients that each
 * own one of everything the hub shows (sent invoice, sent proposal, a completed and signed-off
 * visit, an upcoming visit, a monitoring contract, a camera plan).
 */
export interface SeededClient {
  client: ClientView;
  siteId: string;
  invoiceId: string;
  invoiceNumber: string;
  invoiceToken: string;
  proposalId: string;
  proposalToken: string;
  doneJobId: string;
  upcomingJobId: string;
  contractId: string;
  planId: string;
}

export interface PortalWorld {
  t: ListeningTestApp;
  smtp: SmtpPeer;
  admin: TestClient;
}

export async function portalWorld(env: Record<string, string> = {}): Promise<PortalWorld> {
  const smtp = await startSmtpPeer();
  const t = await listenTestApp({ SMTP_URL: smtp.url, ...env });
  const admin = await TestClient.signedIn(t.url, 'demo-admin-frank');
  return { t, smtp, admin };
}

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

export async function seedClient(admin: TestClient, name: string, emails: string[]): Promise<SeededClient> {
  const input = aClientInput({ name, contacts: [{ name, role: 'Owner', emails, phones: ['(555) 867-5309'] }], sites: [aSiteInput({ label: `${name.split(' ')[0]}'s home` })] as never });
  const client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', input), 201);
  const siteId = client.sites[0]!.id;
  const inv = await expectJson<InvoiceDto>(
    await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', title: `Alarm panel for ${name}`, lines: [{ description: 'Panel', quantity: 1, unitPriceCents: 123_456, taxRateBp: 0 }] }),
    201,
  );
  await expectJson(await admin.send('POST', `/api/invoices/${inv.id}/send`, {}), 200);
  const invoiceToken = (await expectJson<{ publicUrl: string }>(await admin.get(`/api/invoices/${inv.id}`), 200)).publicUrl.split('/i/')[1]!;
  const proposal = await expectJson<{ id: string; publicToken: string }>(await admin.send('POST', '/api/proposals', aProposalRequest(client.id, siteId)), 201);
  await expectJson(await admin.send('POST', `/api/proposals/${proposal.id}/send`, {}), 200);

  const job = async (title: string) => (await expectJson<{ id: string }>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId, type: 'service', title }), 201)).id;
  const done = await job(`Service visit for ${name}`);
  await expectJson(await admin.send('PUT', `/api/jobs/${done}/schedule`, { window: { start: hours(-30), end: hours(-28) }, assignees: ['emp-maria'] }), 200);
  await expectJson(await admin.send('POST', `/api/jobs/${done}/status`, { status: 'in-progress' }), 200);
  const png = Buffer.from(await aPngOf(200, 80)).toString('base64');
  await expectJson(await admin.send('POST', `/api/jobs/${done}/sign-off`, { name, signature: `data:image/png;base64,${png}` }), 200);
  await expectJson(await admin.send('POST', `/api/jobs/${done}/status`, { status: 'completed' }), 200);
  const upcoming = await job(`Yearly inspection for ${name}`);
  await expectJson(await admin.send('PUT', `/api/jobs/${upcoming}/schedule`, { window: { start: hours(48 + Math.random() * 100), end: hours(160) }, assignees: ['emp-maria'] }), 200);

  const contract = await expectJson<{ id: string }>(
    await admin.send('POST', '/api/monitoring/contracts', { clientId: client.id, siteId, plan: 'Gold monitoring', monthlyFeeCents: 3999, billingCycle: 'monthly', startDate: companyInput(0).slice(0, 10) }),
    201,
  );
  const plan = await expectJson<{ id: string }>(await admin.send('POST', '/api/camera-plans', { clientId: client.id, siteId, name: `${name} cameras`, gridWidthM: 20, gridHeightM: 10 }), 201);
  return { client, siteId, invoiceId: inv.id, invoiceNumber: inv.number, invoiceToken, proposalId: proposal.id, proposalToken: proposal.publicToken, doneJobId: done, upcomingJobId: upcoming, contractId: contract.id, planId: plan.id };
}

/** The sign-in link of the newest mail to `to` (the token after #token=). */
export async function linkMailedTo(smtp: SmtpPeer, to: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.received.slice(after).findLast((m) => m.to.includes(to));
    const raw = mail?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = raw ? /portal#token=([A-Za-z0-9_-]+)/.exec(raw)?.[1] : undefined;
    if (token) return token;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect.fail(`no sign-in link mailed to ${to}`);
}

/** A browser-less customer: asks for a link and opens it. */
export async function customerByLink(w: PortalWorld, email: string): Promise<TestClient> {
  const c = new TestClient(w.t.url);
  const before = w.smtp.received.length;
  await expectJson(await c.send('POST', '/api/portal/sign-in-link', { email }), 200);
  const token = await linkMailedTo(w.smtp, email, before);
  await expectJson(await c.send('POST', '/api/portal/sign-in', { token }), 200);
  c.forgetCsrf();
  return c;
}
