import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { InvoiceDto, InvoiceListResponse } from '../../src/contracts/invoices.ts';
import type { JobDto, JobListResponse, JobViewResponse } from '../../src/contracts/jobs.ts';
import type { ProposalDto, ProposalListResponse } from '../../src/contracts/proposals.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { aProposalRequest } from '../support/proposal-doubles.ts';

type InvoiceDetail = { invoice: InvoiceDto };

/**
 * Renaming a client (issue 14: "a renamed client keeps its old name on existing jobs"). The
 * copies of the name that are still in use follow in the rename's transaction, search included;
 * documents the customer already holds (an issued invoice, an accepted proposal) keep the name
 * they were made out to (docs/clients.md "Renaming a client").
 */
describe('PATCH /api/clients/:id renames the client on the records that name it', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  const store = () => t.container.resolve(TOKENS.Store);

  beforeAll(async () => {
    t = await listenTestApp();
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
  });
  afterAll(() => t.close());

  it('jobs, open proposals and draft invoices read and find the new name; an issued invoice and an accepted proposal keep the old one', async () => {
    const client = await expectJson<ClientView>(
      await admin.send('POST', '/api/clients', aClientInput({ name: 'Bartholomew Alexander Montgomery-Fitzgerald III', company: '', sites: [aSiteInput({ label: 'Riverside house' })] })),
      201,
    );
    const siteId = client.sites[0]!.id;
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId, type: 'install', title: 'Replace the DSC panel' }), 201);
    const open = await expectJson<ProposalDto>(await admin.send('POST', '/api/proposals', aProposalRequest(client.id, siteId)), 201);
    const signed = await expectJson<ProposalDto>(await admin.send('POST', '/api/proposals', aProposalRequest(client.id, siteId)), 201);
    await store().collection('proposals').update(signed.id, { status: 'accepted' });
    const line = { description: 'Smoke detector', quantity: 2, unitPriceCents: 5_000, taxRateBp: 825 };
    const draft = await expectJson<InvoiceDto>(await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', lines: [line] }), 201);
    const issued = await expectJson<InvoiceDto>(await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', lines: [line] }), 201);
    await store().collection('invoices').update(issued.id, { status: 'sent' });

    await expectJson<ClientView>(await admin.send('PATCH', `/api/clients/${client.id}`, { name: 'Barry Okafor-Fitzgerald' }), 200);

    expect((await expectJson<JobViewResponse>(await admin.get(`/api/jobs/${job.id}`), 200)).job.clientName).toBe('Barry Okafor-Fitzgerald');
    expect((await expectJson<JobListResponse>(await admin.get('/api/jobs?q=okafor'), 200)).jobs.map((j) => j.id)).toEqual([job.id]);
    expect((await expectJson<JobListResponse>(await admin.get('/api/jobs?q=bartholomew'), 200)).jobs).toEqual([]);

    expect((await expectJson<ProposalDto>(await admin.get(`/api/proposals/${open.id}`), 200)).clientName).toBe('Barry Okafor-Fitzgerald');
    expect((await expectJson<ProposalDto>(await admin.get(`/api/proposals/${signed.id}`), 200)).clientName).toBe('Bartholomew Alexander Montgomery-Fitzgerald III');
    expect((await expectJson<ProposalListResponse>(await admin.get('/api/proposals?search=okafor'), 200)).items.map((p) => p.id)).toEqual([open.id]);

    expect((await expectJson<InvoiceDetail>(await admin.get(`/api/invoices/${draft.id}`), 200)).invoice.clientName).toBe('Barry Okafor-Fitzgerald');
    expect((await expectJson<InvoiceDetail>(await admin.get(`/api/invoices/${issued.id}`), 200)).invoice.clientName).toBe('Bartholomew Alexander Montgomery-Fitzgerald III');
    expect((await expectJson<InvoiceListResponse>(await admin.get('/api/invoices?search=okafor'), 200)).items.map((i) => i.id)).toEqual([draft.id]);
  });

  it('a change that renames nothing (notes) leaves the copies alone; a company name reaches the job as the job names clients', async () => {
    const client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ name: 'Marguerite Delacroix', company: '', sites: [aSiteInput()] })), 201);
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'service', title: 'Battery swap' }), 201);
    const before = await store().collection('jobs').get(job.id);
    await expectJson<ClientView>(await admin.send('PATCH', `/api/clients/${client.id}`, { notes: 'Gate code 4411' }), 200);
    expect((await store().collection('jobs').get(job.id))!.updatedAt).toBe(before!.updatedAt);
    await expectJson<ClientView>(await admin.send('PATCH', `/api/clients/${client.id}`, { company: 'Delacroix Vineyards LLC' }), 200);
    expect((await expectJson<JobViewResponse>(await admin.get(`/api/jobs/${job.id}`), 200)).job.clientName).toBe('Delacroix Vineyards LLC');
  });
});
