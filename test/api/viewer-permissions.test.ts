import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';
import { aProposalRequest } from '../support/proposal-doubles.ts';
import type { ClientRelatedResponse, ClientView } from '../../src/contracts/clients.ts';
import type { InvoiceDto } from '../../src/contracts/invoices.ts';
import type { ProposalDto } from '../../src/contracts/proposals.ts';
import type { MonitoringSummary } from '../../src/contracts/monitoring.ts';

/**
 * Issue 15 finding 14: what a viewer sees beside a client follows their own permissions, and the
 * revenue figures of the monitoring screen need the invoice permission. Maria (the demo
 * technician) has viewClients and viewJobs but no invoice or proposal permission.
 */
describe('records beside a client follow the viewer’s permissions', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let client: ClientView;
  let invoice: InvoiceDto;
  let proposal: ProposalDto;

  beforeAll(async () => {
    t = await listenTestApp();
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    maria = await TestClient.signedIn(t.url, DEMO.employee);
    client = await expectJson<ClientView>(
      await admin.send('POST', '/api/clients', aClientInput({ sites: [{ label: 'Warehouse', address: { line1: '9 Dock Road', city: 'Springfield', postcode: '62701' } }] as never })),
      201,
    );
    invoice = await expectJson<InvoiceDto>(
      await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', title: 'Secret retrofit price', lines: [{ description: 'Panel', quantity: 1, unitPriceCents: 987_654, taxRateBp: 0 }] }),
      201,
    );
    proposal = await expectJson<ProposalDto>(await admin.send('POST', '/api/proposals', { ...aProposalRequest(client.id, client.sites[0]!.id), title: 'Confidential camera upgrade' }), 201);
  });
  afterAll(() => t.close());

  it('a clients-only employee gets no invoice or proposal records through a client; an admin gets them', async () => {
    const full = await expectJson<ClientRelatedResponse>(await admin.get(`/api/clients/${client.id}/related`), 200);
    expect(full.invoices?.map((r) => r.number)).toEqual([invoice.number]);
    expect(full.proposals?.map((r) => r.number)).toEqual([proposal.number]);

    const res = await maria.get(`/api/clients/${client.id}/related`);
    const text = await res.text();
    expect(res.status).toBe(200);
    const mine = JSON.parse(text) as ClientRelatedResponse;
    expect(mine).not.toHaveProperty('invoices');
    expect(mine).not.toHaveProperty('proposals');
    expect(mine.jobs).toEqual([]);
    for (const secret of [invoice.number, proposal.number, 'Secret retrofit price', 'Confidential camera upgrade']) expect(text).not.toContain(secret);
  });

  it('monitoring revenue figures (MRR, churn) need the invoice permission; counts and renewals do not', async () => {
    const adminSummary = await expectJson<MonitoringSummary>(await admin.get('/api/monitoring/summary'), 200);
    expect(typeof adminSummary.mrrCents).toBe('number');
    expect(adminSummary.churn).not.toBeNull();

    const technician = await expectJson<MonitoringSummary>(await maria.get('/api/monitoring/summary'), 200);
    expect(technician.mrrCents).toBeNull();
    expect(technician.churn).toBeNull();
    expect(technician.counts).toEqual(adminSummary.counts);
  });
});
