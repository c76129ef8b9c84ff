import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { BillingPreview, BillingRun, Contract, ContractRequest, ContractView } from '../../src/contracts/monitoring.ts';
import type { ApiError } from '../../src/contracts/errors.ts';
import { addDays } from '../../src/domain/shared/calendar-date.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';

/** Catch-up billing is previewed before it runs; cancelling offers the unsent drafts to void. Real invoices. */
describe('monitoring catch-up billing and cancelling', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let client: ClientView;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await listenTestApp();
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    maria = await TestClient.signedIn(t.url, DEMO.employee);
    client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ name: 'Katherine Johnson', sites: [aSiteInput({ label: 'Observatory' })] })), 201);
  });
  afterAll(() => t.close());

  const aRequest = (over: Partial<ContractRequest> = {}): ContractRequest => ({
    clientId: client.id,
    siteId: client.sites[0]!.id,
    plan: 'Gold',
    monthlyFeeCents: 3000,
    billingCycle: 'monthly',
    centralStation: 'Rapid Response',
    accountNumber: 'KJ-1',
    startDate: today,
    ...over,
  });

  it('refuses a start date decades back with a message at the field, and creates nothing', async () => {
    const res = await admin.send('POST', '/api/monitoring/contracts', aRequest({ startDate: '1996-11-01' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as ApiError;
    expect(body.error.fields?.['startDate']?.[0]).toMatch(/^Start date: Nov 1, 1996 is more than 2 years ago\. Enter a date from .+ on/);
    const list = await expectJson<{ total: number }>(await admin.get(`/api/monitoring/contracts?search=${encodeURIComponent('Katherine')}`), 200);
    expect(list.total).toBe(0);
  });

  it('a contract started a year ago shows its catch-up invoices, periods and total before any is made', async () => {
    const c = await expectJson<Contract>(await admin.send('POST', '/api/monitoring/contracts', aRequest({ startDate: addDays(today, -365) })), 201);
    const preview = await expectJson<BillingPreview>(await admin.get(`/api/monitoring/contracts/${c.id}/billing/preview`), 200);
    expect(preview.count).toBeGreaterThanOrEqual(12);
    expect(preview.count).toBe(preview.invoices.length);
    expect(preview.invoices[0]!.billedFrom).toBe(c.startDate);
    expect(preview.totalCents).toBe(preview.invoices.reduce((s, i) => s + i.totalCents, 0));
    // Nothing was made by looking.
    expect((await expectJson<ContractView>(await admin.get(`/api/monitoring/contracts/${c.id}`), 200)).invoices).toEqual([]);
    expect((await maria.get(`/api/monitoring/contracts/${c.id}/billing/preview`)).status).toBe(403);

    // "Activate and bill N invoices" does what it says: the previewed periods are invoiced at once.
    await expectJson<Contract>(await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'active' }), 200);
    const billed = (await expectJson<ContractView>(await admin.get(`/api/monitoring/contracts/${c.id}`), 200)).invoices;
    expect(billed.map((i) => i.period).sort()).toEqual(preview.invoices.map((i) => i.period).sort());
    expect(billed.every((i) => i.state === 'done')).toBe(true);
    // The nightly run (or "Run billing now") bills none of them twice.
    const runPreview = await expectJson<BillingPreview>(await admin.get('/api/monitoring/billing/preview'), 200);
    expect(runPreview.invoices.filter((i) => i.contractId === c.id)).toEqual([]);
    const run = await expectJson<BillingRun>(await admin.send('POST', '/api/monitoring/billing/run', {}), 200);
    expect(run.created.filter((x) => x.contractId === c.id)).toHaveLength(0);
    // Once billed, the preview is empty.
    expect((await expectJson<BillingPreview>(await admin.get(`/api/monitoring/contracts/${c.id}/billing/preview`), 200)).count).toBe(0);
  });

  it('activating may bill only from the current period: the months before are not invoiced, now or by the nightly run, and the history says so', async () => {
    const c = await expectJson<Contract>(await admin.send('POST', '/api/monitoring/contracts', aRequest({ startDate: addDays(today, -365) })), 201);
    const preview = await expectJson<BillingPreview>(await admin.get(`/api/monitoring/contracts/${c.id}/billing/preview`), 200);
    const current = preview.invoices[preview.invoices.length - 1]!;
    expect((await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'active', billFrom: 'whenever' })).status).toBe(400);
    await expectJson<Contract>(await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'active', billFrom: 'current-period' }), 200);
    const billed = (await expectJson<ContractView>(await admin.get(`/api/monitoring/contracts/${c.id}`), 200)).invoices;
    expect(billed.map((i) => i.period)).toEqual([current.period]);
    const run = await expectJson<BillingRun>(await admin.send('POST', '/api/monitoring/billing/run', {}), 200);
    expect(run.created.filter((x) => x.contractId === c.id)).toHaveLength(0);
    const history = await expectJson<{ entries: { changes: { field: string; from: unknown; to: unknown }[] }[] }>(await admin.get(`/api/monitoring/contracts/${c.id}/history`), 200);
    const moved = history.entries.flatMap((e) => e.changes).find((ch) => ch.field === 'nextBillingDate');
    expect(moved).toEqual({ field: 'nextBillingDate', from: c.startDate, to: current.billedFrom });
  });

  it('cancelling lists the unsent drafts and voids only those the admin chose', async () => {
    const c = await expectJson<Contract>(
      await admin.send('POST', '/api/monitoring/contracts', aRequest({ plan: 'Monitoring', centralStation: '', accountNumber: '', startDate: addDays(today, -70) })),
      201,
    );
    await expectJson<Contract>(await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'active' }), 200);
    await expectJson<BillingRun>(await admin.send('POST', '/api/monitoring/billing/run', {}), 200);
    const view = await expectJson<ContractView>(await admin.get(`/api/monitoring/contracts/${c.id}`), 200);
    expect(view.unsentDrafts.length).toBeGreaterThanOrEqual(3);
    const first = (await expectJson<{ invoice: { title: string; notes: string; lines: { description: string }[] } }>(await admin.get(`/api/invoices/${view.unsentDrafts[0]!.invoiceId}`), 200)).invoice;
    expect(first.title).toMatch(/^Monitoring [A-Z][a-z]+ \d{4}$/);
    expect(first.notes).toMatch(/^Central station \S.*, account \S+\.$/);
    expect(JSON.stringify(first)).not.toMatch(/monitoring monitoring|Central station ,|account \./i);

    const [keep, ...voided] = view.unsentDrafts;
    const foreign = await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'cancelled', reason: 'Moved away', voidInvoiceIds: ['not-one-of-them'] });
    expect(foreign.status).toBe(400);
    expect((await expectJson<ContractView>(await admin.get(`/api/monitoring/contracts/${c.id}`), 200)).contract.status).toBe('active');

    await expectJson<Contract>(
      await admin.send('POST', `/api/monitoring/contracts/${c.id}/status`, { to: 'cancelled', reason: 'Moved away', voidInvoiceIds: voided.map((v) => v.invoiceId) }),
      200,
    );
    const invoice = async (id: string) => (await expectJson<{ invoice: { status: string; voidReason: string | null } }>(await admin.get(`/api/invoices/${id}`), 200)).invoice;
    for (const v of voided) expect(await invoice(v.invoiceId)).toMatchObject({ status: 'void', voidReason: 'Contract cancelled: Moved away' });
    expect((await invoice(keep!.invoiceId)).status).toBe('draft');
    // The contract's own list says what became of each invoice, not only that the run made it.
    const after = await expectJson<ContractView>(await admin.get(`/api/monitoring/contracts/${c.id}`), 200);
    const statusOf = new Map(after.invoices.map((i) => [i.invoiceId, i.invoiceStatus]));
    for (const v of voided) expect(statusOf.get(v.invoiceId)).toBe('void');
    expect(statusOf.get(keep!.invoiceId)).toBe('draft');
  });
});
