import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentProposalRepository } from '../../src/adapters/documents/document-proposal-repository.ts';
import { DocumentInventoryRepository } from '../../src/adapters/documents/document-inventory-repository.ts';
import { DocumentClientRepository } from '../../src/adapters/documents/document-client-repository.ts';
import { DocumentQuoteRequestRepository } from '../../src/adapters/documents/document-quote-request-repository.ts';
import { DocumentAuditLog } from '../../src/adapters/documents/document-audit-log.ts';
import { DocumentReferenceNames } from '../../src/adapters/documents/document-reference-names.ts';
import { PdfkitProposalPdf } from '../../src/adapters/pdf/pdfkit-proposal-pdf.ts';
import { FsFileStorage } from '../../src/adapters/fs-storage/fs-file-storage.ts';
import { createClientDirectory } from '../../src/application/clients/client-directory.ts';
import type { ProposalDeps } from '../../src/application/proposals/proposal-deps.ts';
import type { NotificationEvent } from '../../src/domain/notifications/notification-event.ts';
import { createProposal } from '../../src/application/proposals/save-proposal.ts';
import { sendProposal } from '../../src/application/proposals/send-proposal.ts';
import { convertProposal } from '../../src/application/proposals/convert-proposal.ts';
import { acceptPublicProposal, viewPublicProposal } from '../../src/application/proposals/respond-to-proposal.ts';
import { getProposal, listProposals } from '../../src/application/proposals/read-proposals.ts';
import { createInventoryItem } from '../../src/application/inventory/create-inventory-item.ts';
import { recordStockMovement } from '../../src/application/inventory/record-stock-movement.ts';
import { getInventoryItem } from '../../src/application/inventory/get-inventory-item.ts';
import { proposalRequestSchema } from '../../src/contracts/proposals.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import type { AuthState } from '../../src/domain/auth/permissions.ts';
import type { MailMessage } from '../../src/domain/mail/mailer.ts';
import { newQuoteRequest } from '../../src/domain/quotes/quote-request.ts';
import { where } from '../../src/domain/persistence/query.ts';
import { tempDir } from '../support/temp-dir.ts';
import { aClient, aSite } from '../unit/clients/client-factories.ts';
import { aMovement, itemDetails } from '../unit/inventory/inventory-factories.ts';
import { aProposalRequest, MemoryInvoiceIssuer, MemoryJobCreator, SIGNED } from '../support/proposal-doubles.ts';

/** Proposal use cases with the real repositories on an SQLite file; jobs and invoices are test doubles. */
const user = (id: string, name: string) => ({ id, email: `${id}@example.com`, emailVerified: true, displayName: name, photoUrl: null });
const ADMIN: AuthState = { kind: 'admin', user: user('demo-admin-frank', 'Frank Miller') };

describe('proposal use cases on SQLite', () => {
  let dir: { path: string; remove: () => void };
  let stores: DocumentStore[];
  let deps: ProposalDeps;
  let jobs: MemoryJobCreator;
  let invoices: MemoryInvoiceIssuer;
  let mails: MailMessage[];
  let told: NotificationEvent[];
  let clientId: string;
  let siteId: string;
  let itemId: string;

  const open = () => {
    const s = openSqliteDocumentStore(join(dir.path, 'app.db'));
    stores.push(s);
    return s;
  };
  const depsOn = (store: DocumentStore): ProposalDeps => {
    const clients = new DocumentClientRepository(store);
    let t = Date.parse('2026-11-22T09:00:00Z');
    return {
      proposals: new DocumentProposalRepository(store),
      directory: createClientDirectory(clients),
      clients,
      leads: new DocumentQuoteRequestRepository(store),
      inventory: new DocumentInventoryRepository(store),
      jobs,
      invoices,
      mailer: { send: async (m) => (mails.push(m), { id: `m${mails.length}` }) },
      pdf: new PdfkitProposalPdf(),
      files: new FsFileStorage({ root: join(dir.path, 'files') }),
      audit: new DocumentAuditLog(store, { next: () => randomUUID() }),
      clock: { now: () => new Date((t += 1000)) },
      ids: { next: () => randomUUID() },
      tokens: { next: () => randomBytes(24).toString('base64url') },
      timeZone: 'America/Chicago',
      company: { name: 'Acme Security', email: 'office@example.com', phone: '(555) 010-0100' },
      money: { currency: 'USD', locale: 'en-US' },
      baseUrl: 'https://acme.example',
      notify: async (e) => void told.push(e),
    };
  };
  const request = (over: { itemId?: string; validUntil?: string } = {}) => proposalRequestSchema.parse(aProposalRequest(clientId, siteId, { validUntil: '2026-12-22', ...over }));

  beforeEach(async () => {
    dir = tempDir('proposals-');
    stores = [];
    jobs = new MemoryJobCreator();
    invoices = new MemoryInvoiceIssuer();
    mails = [];
    told = [];
    deps = depsOn(open());
    const lead = await deps.leads.add(
      newQuoteRequest(
        { name: 'Ada', email: 'ada@example.com', phone: '', services: ['alarm'], propertyType: 'residential', construction: 'existing', address: '1 Oak', postcode: '62701', preferredDate: null, preferredWindow: null, description: '' },
        [],
        'lead-1',
        new Date('2026-11-20T00:00:00Z'),
      ),
    );
    await deps.leads.save({ ...lead, status: 'contacted' });
    const site = aSite();
    const client = await deps.clients.create(aClient({ sites: [site], leadId: lead.id }));
    clientId = client.id;
    siteId = site.id;
    const inv = { inventory: deps.inventory, clock: deps.clock, ids: deps.ids, names: new DocumentReferenceNames(stores[0]!) };
    const item = await createInventoryItem(inv, ADMIN, itemDetails({ sku: 'PIR-1' }));
    await recordStockMovement(inv, ADMIN, item.id, aMovement({ kind: 'receive', quantity: 10 }));
    itemId = item.id;
  });
  afterEach(async () => {
    for (const s of stores) await s.close();
    dir.remove();
  });

  it('numbers proposals PRO-YYYY-NNNN without gaps or repeats, from two connections at once', async () => {
    const other = depsOn(open());
    const made = await Promise.all(Array.from({ length: 24 }, (_, i) => createProposal(i % 2 ? other : deps, ADMIN, request())));
    const numbers = made.map((p) => p.number).sort();
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, i) => `PRO-2026-${String(i + 1).padStart(4, '0')}`));
    expect(new Set(made.map((p) => p.publicToken)).size).toBe(24);
  });

  it('sends with the PDF attached, moves the lead to proposal-sent, and the first public view marks it viewed once', async () => {
    const p = await createProposal(deps, ADMIN, request());
    const sent = await sendProposal(deps, ADMIN, p.id);
    expect(sent.status).toBe('sent');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`https://acme.example/p/${p.publicToken}`);
    expect(mails[0]?.attachments?.[0]).toMatchObject({ filename: `${p.number}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(mails[0]!.attachments![0]!.content).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await deps.leads.get('lead-1'))?.status).toBe('proposal-sent');

    await viewPublicProposal(deps, p.publicToken, '203.0.113.7');
    await viewPublicProposal(deps, p.publicToken, '203.0.113.7');
    expect((await getProposal(deps, ADMIN, p.id)).status).toBe('viewed');
    const audit = await stores[0]!.collection('audit_log').query({ where: [where('entityId', '==', p.id), where('action', '==', 'viewed')] });
    expect(audit.docs).toHaveLength(1);
  });

  it('converts once: a job, a deposit invoice and stock reserved; a second convert is refused and doubles nothing', async () => {
    const p = await createProposal(deps, ADMIN, request({ itemId }));
    await sendProposal(deps, ADMIN, p.id);
    await acceptPublicProposal(deps, p.publicToken, { optionId: 'opt-2', name: 'Ada Lovelace', ...SIGNED }, '203.0.113.7');
    // The office hears of the answer through the one notifications owner, with the signed PDF, and nothing else mails it.
    expect(told.filter((e) => e.kind === 'proposal-accepted')).toEqual([expect.objectContaining({ signature: expect.objectContaining({ signerName: 'Ada Lovelace', certificatePdf: expect.any(Uint8Array) }) })]);
    const results = await Promise.allSettled([convertProposal(deps, ADMIN, p.id), convertProposal(deps, ADMIN, p.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await expect(convertProposal(deps, ADMIN, p.id)).rejects.toMatchObject({ code: 'conflict' });

    const done = await getProposal(deps, ADMIN, p.id);
    const totals = done.totals.find((t) => t.optionId === 'opt-2')!;
    expect(done).toMatchObject({ status: 'converted', conversion: { jobId: 'job-1', jobNumber: 'JOB-0001', invoiceId: 'inv-1', invoiceNumber: 'INV-2026-0001' } });
    expect(jobs.jobs).toEqual([expect.objectContaining({ clientId, siteId, type: 'install', title: 'Alarm and sensors', proposalId: p.id })]);
    expect(invoices.invoices).toEqual([
      expect.objectContaining({
        clientId,
        terms: 'net0',
        source: { kind: 'proposal', id: p.id },
        lines: [{ description: 'Deposit 25 % of Alarm and sensors', quantity: 1, unitPriceCents: totals.depositCents, taxRateBp: 0, itemId: null }],
      }),
    ]);
    expect(totals.depositCents).toBe(Math.round(totals.totalCents * 0.25));
    const item = await getInventoryItem({ inventory: deps.inventory, audit: deps.audit, names: new DocumentReferenceNames(stores[0]!) }, ADMIN, itemId);
    expect(item.item).toMatchObject({ onHand: 10, reserved: 3 });
  });

  it('resumes a conversion that failed half-way without doubling the reservation or the deposit invoice issued at acceptance', async () => {
    const p = await createProposal(deps, ADMIN, request({ itemId }));
    await sendProposal(deps, ADMIN, p.id);
    await acceptPublicProposal(deps, p.publicToken, { optionId: 'opt-2', name: 'Ada Lovelace', ...SIGNED }, '203.0.113.7');
    expect(invoices.invoices).toHaveLength(1);
    jobs.failNext = true;
    await expect(convertProposal(deps, ADMIN, p.id)).rejects.toThrow('job store down');
    expect((await getProposal(deps, ADMIN, p.id)).status).toBe('accepted');
    const again = await convertProposal(deps, ADMIN, p.id);
    expect(again.status).toBe('converted');
    expect(jobs.jobs).toHaveLength(1);
    expect(invoices.invoices).toHaveLength(1);
    const item = await getInventoryItem({ inventory: deps.inventory, audit: deps.audit, names: new DocumentReferenceNames(stores[0]!) }, ADMIN, itemId);
    expect(item.item.reserved).toBe(3);
  });

  it('refuses to convert when stock is short, reserving nothing', async () => {
    const req = request({ itemId });
    req.options[1]!.lines[1]!.quantity = 11;
    const p = await createProposal(deps, ADMIN, req);
    await sendProposal(deps, ADMIN, p.id);
    await acceptPublicProposal(deps, p.publicToken, { optionId: 'opt-2', name: 'Ada Lovelace', ...SIGNED }, '203.0.113.7');
    await expect(convertProposal(deps, ADMIN, p.id)).rejects.toMatchObject({ code: 'conflict' });
    expect(jobs.jobs).toHaveLength(0);
    const item = await getInventoryItem({ inventory: deps.inventory, audit: deps.audit, names: new DocumentReferenceNames(stores[0]!) }, ADMIN, itemId);
    expect(item.item.reserved).toBe(0);
  });

  it('refuses to accept once valid-until has passed, and lists it under expired, not sent', async () => {
    const p = await createProposal(deps, ADMIN, request({ validUntil: '2026-11-25' }));
    await sendProposal(deps, ADMIN, p.id);
    const base = deps.clock;
    deps = { ...deps, clock: { now: () => new Date(base.now().getTime() + 5 * 86_400_000) } };
    await expect(acceptPublicProposal(deps, p.publicToken, { optionId: 'opt-1', name: 'Ada Lovelace', ...SIGNED }, '1.2.3.4')).rejects.toThrow(/expired/);
    expect((await getProposal(deps, ADMIN, p.id)).effectiveStatus).toBe('expired');
    const list = async (status: 'sent' | 'expired') =>
      (await listProposals(deps, ADMIN, { status, search: '', sort: 'createdAt', direction: 'desc', limit: 10, cursor: null })).items.map((x) => x.id);
    expect(await list('expired')).toEqual([p.id]);
    expect(await list('sent')).toEqual([]);
  });
});
