import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { BillingRun, Contract, ContractListResponse, ContractRequest, ContractView, MonitoringSummary } from '../../src/contracts/monitoring.ts';
import type { ApiError } from '../../src/contracts/errors.ts';
import type { InvoiceIssuer, NewInvoiceInput } from '../../src/domain/invoices/invoice-issuer.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';

/**
 * In-memory InvoiceIssuer test double: the real one is on another branch (the invoices feature);
 * the lead wires it into the container.
 */
function memoryIssuer(): InvoiceIssuer & { calls: NewInvoiceInput[] } {
  const calls: NewInvoiceInput[] = [];
  return {
    calls,
    createInvoice: async (input) => {
      calls.push(input);
      return { id: `inv-${calls.length}`, number: `INV-2026-${String(calls.length).padStart(4, '0')}` };
    },
  };
}

describe('monitoring API', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let client: ClientView;
  const issuer = memoryIssuer();

  beforeAll(async () => {
    t = await listenTestApp();
    // The deps object is one shared instance (routes + scheduler): swap in the test double.
    Object.assign(t.container.resolve(TOKENS.Monitoring), { issuer });
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    maria = await TestClient.signedIn(t.url, DEMO.employee);
    const res = await admin.send('POST', '/api/clients', aClientInput({ name: 'Grace Hopper', sites: [aSiteInput({ label: 'Harbour house' })] }));
    expect(res.status).toBe(201);
    client = (await res.json()) as ClientView;
  });
  afterAll(() => t.close());


  const aRequest = (over: Partial<ContractRequest> = {}): ContractRequest => ({
    clientId: client.id,
    siteId: client.sites[0]!.id,
    plan: 'Gold',
    monthlyFeeCents: 3999,
    billingCycle: 'monthly',
    startDate: '2026-11-01',
    ...over,
  });

  it('an admin creates a contract: the site alarm account fills station and account number; it starts pending', async () => {
    const c = await expectJson<Contract>(await admin.send('POST', '/api/monitoring/contracts', aRequest()), 201);
    expect(c).toMatchObject({
      status: 'pending',
      clientName: 'Grace Hopper',
      siteLabel: 'Harbour house',
      centralStation: 'Rapid Response',
      accountNumber: client.sites[0]!.alarm.accountNumber,
    });
    // The account number comes from the site factory's counter, which other files in the worker advance.
    expect(c.accountNumber).toMatch(/^AC-\d+$/);
    const related = await expectJson<{ contracts: { id: string; status: string; title: string }[] }>(await admin.get(`/api/clients/${client.id}/related`), 200);
    expect(related.contracts).toEqual([expect.objectContaining({ id: c.id, status: 'pending', title: `Gold · Harbour house · account ${client.sites[0]!.alarm.accountNumber}` })]);
  });

  it('refuses a site of another client and an unknown client, with field errors', async () => {
    const bad = await admin.send('POST', '/api/monitoring/contracts', aRequest({ siteId: 'nope' }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiError).error.fields).toHaveProperty('siteId');
    const none = await admin.send('POST', '/api/monitoring/contracts', aRequest({ clientId: 'nobody' }));
    expect(none.status).toBe(400);
  });

  it('activating moves MRR; the list filters, searches and pages', async () => {
    // MRR needs the invoice permission (issue 15 finding 14): the admin reads it.
    const before = await expectJson<MonitoringSummary>(await admin.get('/api/monitoring/summary'), 200);
    const c = await expectJson<Contract>(await admin.send('POST', '/api/monitoring/contracts', aRequest({ plan: 'Platinum Watch', monthlyFeeCents: 5000, billingCycle: 'quarterly' })), 201);
    await expectJson<Contract>(await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'active' }), 200);
    const after = await expectJson<MonitoringSummary>(await admin.get('/api/monitoring/summary'), 200);
    expect(after.mrrCents! - before.mrrCents!).toBe(5000);
    expect(after.counts.active).toBe(before.counts.active + 1);

    const found = await expectJson<ContractListResponse>(await maria.get('/api/monitoring/contracts?search=platin&status=active'), 200);
    expect(found.items.map((x) => x.id)).toEqual([c.id]);
    expect(found.total).toBe(1);
    const page1 = await expectJson<ContractListResponse>(await maria.get('/api/monitoring/contracts?limit=1&sort=plan&dir=asc'), 200);
    expect(page1.items).toHaveLength(1);
    const page2 = await expectJson<ContractListResponse>(await maria.get(`/api/monitoring/contracts?limit=1&sort=plan&dir=asc&cursor=${page1.nextCursor}`), 200);
    expect(page2.items[0]!.plan > page1.items[0]!.plan).toBe(true);
  });

  it('invalid transitions are refused; cancelling needs a reason', async () => {
    const c = await expectJson<Contract>(await admin.send('POST', '/api/monitoring/contracts', aRequest()), 201);
    expect((await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'past-due' })).status).toBe(409);
    expect((await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'cancelled' })).status).toBe(400);
    const cancelled = await expectJson<Contract>(await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'cancelled', reason: 'Sold the house' }), 200);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Sold the house' });
    expect((await admin.send('PUT', `/api/monitoring/contracts/${c.id}`, aRequest())).status).toBe(409);
  });

  it('a view-only employee reads but cannot change or run billing', async () => {
    const list = await expectJson<ContractListResponse>(await maria.get('/api/monitoring/contracts'), 200);
    const view = await expectJson<ContractView>(await maria.get(`/api/monitoring/contracts/${list.items[0]!.id}`), 200);
    expect(view.canEdit).toBe(false);
    expect((await maria.send('POST', '/api/monitoring/contracts', aRequest())).status).toBe(403);
    expect((await maria.send('POST', '/api/monitoring/billing/run', {})).status).toBe(403);
  });

  it('run-billing-now invoices each due period once, however often it is pressed', async () => {
    const c = await expectJson<Contract>(await admin.send('POST', '/api/monitoring/contracts', aRequest({ plan: 'Billing check', startDate: '2026-01-15' })), 201);
    // Activation bills what is due at once; three presses of "Run billing now" together add nothing.
    await expectJson<Contract>(await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'active' }), 200);
    const atActivation = issuer.calls.filter((x) => x.source.id === c.id).length;
    expect(atActivation).toBeGreaterThan(0);
    const runs = await Promise.all([1, 2, 3].map(() => admin.send('POST', '/api/monitoring/billing/run', {}).then((r) => expectJson<BillingRun>(r, 200))));
    const mine = issuer.calls.filter((x) => x.source.id === c.id);
    const periods = mine.map((x) => x.source.period);
    expect(new Set(periods).size).toBe(periods.length);
    expect(periods[0]).toBe('2026-01');
    expect(mine).toHaveLength(atActivation);
    expect(runs.flatMap((r) => r.created).filter((x) => x.contractId === c.id)).toHaveLength(0);
    // January is prorated: 17 of 31 days of 39.99 = 21.93.
    expect(mine[0]!.lines[0]!.unitPriceCents).toBe(2193);
    const view = await expectJson<ContractView>(await admin.get(`/api/monitoring/contracts/${c.id}`), 200);
    expect(view.invoices.filter((i) => i.state === 'done')).toHaveLength(mine.length);
    expect(view.invoices.at(-1)).toMatchObject({ period: '2026-01', number: expect.stringMatching(/^INV-/), amountCents: 2193 });
  });

  it('the container scheduler bills through the same run: what activation billed, no tick bills again', async () => {
    const c = await expectJson<Contract>(await admin.send('POST', '/api/monitoring/contracts', aRequest({ plan: 'Scheduled', startDate: '2026-03-01' })), 201);
    await expectJson<Contract>(await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'active' }), 200);
    const scheduler = t.container.resolve(TOKENS.Scheduler);
    const mine = () => issuer.calls.filter((x) => x.source.id === c.id).length;
    const billed = mine();
    expect(billed).toBeGreaterThan(0);
    const first = await scheduler.tick();
    expect(first.ran).toBe(true);
    expect(mine()).toBe(billed);
    expect((await scheduler.tick()).jobs[0]).toMatchObject({ name: 'contract-billing', ok: true });
    expect(mine()).toBe(billed);
  });
});
