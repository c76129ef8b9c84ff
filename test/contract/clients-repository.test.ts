import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentClientRepository, CLIENT_TERMS } from '../../src/adapters/documents/document-client-repository.ts';
import { createClientDirectory } from '../../src/application/clients/client-directory.ts';
import { DocumentQuoteRequestRepository } from '../../src/adapters/documents/document-quote-request-repository.ts';
import type { ClientListQuery } from '../../src/domain/clients/client-repository.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import { GeoPoint } from '../../src/domain/persistence/document-data.ts';
import { where } from '../../src/domain/persistence/query.ts';
import { tempDir } from '../support/temp-dir.ts';
import { aClient, aSite } from '../unit/clients/client-factories.ts';
import { auditEntry } from '../../src/domain/clients/client-audit.ts';

/** The client repository on a real SQLite file: the term index stays in step with every write. */
describe('DocumentClientRepository on SQLite', () => {
  let dir: ReturnType<typeof tempDir>;
  let store: DocumentStore;
  let repo: DocumentClientRepository;
  const search = (text: string, extra: Partial<ClientListQuery> = {}) =>
    repo.list({ text, kind: null, tag: null, source: null, archived: 'active', sort: 'name', limit: 25, cursor: null, ...extra });
  const names = async (text: string, extra: Partial<ClientListQuery> = {}) => (await search(text, extra)).clients.map((c) => c.name);
  const termCount = (id: string) => store.collection(CLIENT_TERMS).count([where('clientId', '==', id)]);

  beforeEach(() => {
    dir = tempDir();
    store = openSqliteDocumentStore(join(dir.path, 'clients.db'));
    repo = new DocumentClientRepository(store);
  });
  afterEach(async () => {
    await store.close();
    dir.remove();
  });

  it('round-trips a client with sites, a geo point and a sealed passcode', async () => {
    const site = aSite({ geo: new GeoPoint(41.5, -87.25), alarm: { ...aSite().alarm, passcode: { v: 1, iv: 'a', tag: 'b', data: 'c' } } });
    const c = aClient({ sites: [site], tags: ['vip'] });
    await repo.create(c);
    const back = await repo.get(c.id);
    expect(back).toMatchObject({ id: c.id, name: c.name, tags: ['vip'], archived: false });
    expect(back!.sites[0]!.geo).toBeInstanceOf(GeoPoint);
    expect(back!.sites[0]!.geo!.isEqual(new GeoPoint(41.5, -87.25))).toBe(true);
    expect(back!.sites[0]!.alarm.passcode).toEqual({ v: 1, iv: 'a', tag: 'b', data: 'c' });
  });

  it('keeps search terms in step with renames and deletes', async () => {
    const c = aClient({ name: 'Olga Brandt' });
    await repo.create(c);
    expect(await names('brand')).toEqual(['Olga Brandt']);
    await repo.update(c.id, (x) => ({ ...x, name: 'Olga Whitcombe', contacts: [] }));
    expect(await names('brand')).toEqual([]);
    expect(await names('whitc')).toEqual(['Olga Whitcombe']);
    const terms = await termCount(c.id);
    expect(terms).toBeGreaterThan(0);
    await repo.delete(c.id);
    expect(await termCount(c.id)).toBe(0);
    expect(await names('whitc')).toEqual([]);
  });

  it('a rename reaches the jobs that copy the name, search words included, even when only the transaction sees the rename', async () => {
    const c = aClient({ name: 'Olga Brandt', company: '' });
    await repo.create(c);
    await store.collection('jobs').create({ clientId: c.id, clientName: 'Olga Brandt', number: 'JOB-0001', title: 'Panel swap', siteLabel: 'Home', siteAddress: '', status: 'scheduled', terms: ['olga', 'brandt'] }, 'job-1');
    // The first reading (before the transaction) renames nothing; the one inside it does: the step starts over with the copies.
    let calls = 0;
    await repo.update(c.id, (x) => (++calls === 1 ? x : { ...x, name: 'Olga Whitcombe' }));
    const job = (await store.collection('jobs').get('job-1'))!;
    expect(job['clientName']).toBe('Olga Whitcombe');
    expect(job['terms']).toEqual(expect.arrayContaining(['whitcombe']));
    expect(job['terms']).not.toEqual(expect.arrayContaining(['brandt']));
    // A change that renames nothing leaves the copy untouched.
    const before = job.updatedAt;
    await repo.update(c.id, (x) => ({ ...x, notes: 'Gate code 4411' }));
    expect((await store.collection('jobs').get('job-1'))!.updatedAt).toBe(before);
  });

  it('an update rewrites only the search terms that changed, and commits its audit entry with the client', async () => {
    const c = aClient({ name: 'Olga Brandt', company: '', tags: ['vip'] });
    await repo.create(c);
    const terms = async () => (await store.collection(CLIENT_TERMS).query({ where: [where('clientId', '==', c.id)] })).docs.map((d) => ({ id: d.id, term: d['term'], at: d.updatedAt }));
    const first = await terms();
    await new Promise((r) => setTimeout(r, 5));
    const actor = { id: 'u-1', name: 'Frank Miller' };
    await repo.update(c.id, (x) => ({ ...x, notes: 'Gate code 4411' }), (before, after) => auditEntry(actor, new Date(), c.id, 'update', [{ field: 'notes', from: before.notes, to: after.notes }]));
    expect(await terms()).toEqual(first);
    const log = (await store.collection('audit_log').query({ where: [where('entityId', '==', c.id)] })).docs;
    expect(log.map((d) => [d['action'], d['actorName'], d['changes']])).toEqual([['update', 'Frank Miller', [{ field: 'notes', from: c.notes, to: 'Gate code 4411' }]]]);
    // A rename changes the name's terms (and nameKey, which every term document carries); a
    // shorter list of terms removes the ones past its end.
    await repo.update(c.id, (x) => ({ ...x, name: 'Olga Whitcombe' }), () => null);
    const renamed = await terms();
    expect(renamed.map((t) => t.term)).toContain('whitcombe');
    expect(renamed.map((t) => t.term)).not.toContain('brandt');
    expect(await names('whitc')).toEqual(['Olga Whitcombe']);
    expect(await names('brand')).toEqual([]);
    await repo.update(c.id, (x) => ({ ...x, contacts: [] }));
    expect(await termCount(c.id)).toBeLessThan(renamed.length);
    expect(await names('whitc')).toEqual(['Olga Whitcombe']);
    expect((await store.collection('audit_log').query({ where: [where('entityId', '==', c.id)] })).docs).toHaveLength(1);
  });

  it('creates many clients all or nothing', async () => {
    const existing = aClient();
    await repo.create(existing);
    const batch = [aClient({ name: 'Batch One' }), aClient({ name: 'Batch Two' }), { ...aClient({ name: 'Batch Clash' }), id: existing.id }];
    await expect(repo.createMany(batch)).rejects.toMatchObject({ code: 'conflict' });
    expect(await names('batch')).toEqual([]);
    expect(await store.collection('clients').count()).toBe(1);
    await repo.createMany(batch.slice(0, 2));
    expect(await names('batch')).toEqual(['Batch One', 'Batch Two']);
  });

  it('lists a client once however many of its words match, and pages without repeats', async () => {
    await repo.createMany(Array.from({ length: 12 }, (_, i) => aClient({ name: `Smith Smithson ${i}`, contacts: [] })));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await search('smith', { limit: 5, cursor });
      seen.push(...page.clients.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
  });

  it('several words: every word must match some field, by name, paged, in step with writes', async () => {
    const at = (line1: string, city: string) => ({ line1, line2: '', city, region: 'IL', postcode: '60001', country: 'US' });
    await repo.createMany([
      aClient({ name: 'Wordy Zed', contacts: [], billingAddress: at('1 Quillon Street', 'Brackwater') }),
      aClient({ name: 'Wordy Abe', contacts: [], billingAddress: at('2 Quillon Road', 'Brackwater') }),
      aClient({ name: 'Wordy Moe', contacts: [], billingAddress: at('3 Quillon Lane', 'Elsewhere') }),
      aClient({ name: 'Wordy Gone', contacts: [], billingAddress: at('4 Quillon Way', 'Brackwater'), archived: true }),
      aClient({ name: 'Other Person', contacts: [], billingAddress: at('5 Brackwater Road', 'Quillonville') }),
    ]);
    expect(await names('quillon brackwater')).toEqual(['Other Person', 'Wordy Abe', 'Wordy Zed']);
    expect(await names('wordy brack')).toEqual(['Wordy Abe', 'Wordy Zed']);
    expect(await names('wordy brack', { archived: 'all' })).toEqual(['Wordy Abe', 'Wordy Gone', 'Wordy Zed']);
    expect(await names('wordy nowhere')).toEqual([]);
    const first = await search('quill brack', { limit: 2 });
    expect(first.clients.map((c) => c.name)).toEqual(['Other Person', 'Wordy Abe']);
    const second = await search('quill brack', { limit: 2, cursor: first.nextCursor });
    expect(second.clients.map((c) => c.name)).toEqual(['Wordy Zed']);
    expect(second.nextCursor).toBeNull();
    const moe = (await search('wordy elsewhere')).clients[0]!;
    await repo.update(moe.id, (c) => ({ ...c, billingAddress: at('3 Quillon Lane', 'Brackwater') }));
    expect(await names('wordy brack')).toEqual(['Wordy Abe', 'Wordy Moe', 'Wordy Zed']);
    await repo.delete(moe.id);
    expect(await names('wordy brack')).toEqual(['Wordy Abe', 'Wordy Zed']);
  });

  it('filters by kind, tag and archived in search and plain lists', async () => {
    await repo.createMany([
      aClient({ name: 'Kindly Home', kind: 'residential', tags: ['hoa'] }),
      aClient({ name: 'Kindly Works', kind: 'commercial', tags: ['vip'] }),
      aClient({ name: 'Kindly Gone', kind: 'commercial', archived: true }),
    ]);
    expect(await names('kindly', { kind: 'commercial' })).toEqual(['Kindly Works']);
    expect(await names('kindly', { tag: 'hoa' })).toEqual(['Kindly Home']);
    expect(await names('', { tag: 'vip' })).toEqual(['Kindly Works']);
    expect(await names('kindly', { archived: 'archived' })).toEqual(['Kindly Gone']);
    expect(await names('kindly wo', { kind: 'commercial' })).toEqual(['Kindly Works']);
    expect(await names('kindly ho', { tag: 'hoa' })).toEqual(['Kindly Home']);
    expect(await names('kindly wo', { tag: 'hoa' })).toEqual([]);
    expect((await repo.list({ text: null, kind: 'commercial', tag: null, source: null, archived: 'all', sort: '-name', limit: 10, cursor: null })).clients.map((c) => c.name)).toEqual([
      'Kindly Works',
      'Kindly Gone',
    ]);
  });

  it('serves the ClientDirectory port: client, site and search, without secrets', async () => {
    const site = aSite({ label: 'Depot', alarm: { ...aSite().alarm, accountNumber: 'A-1', passcode: { v: 1, iv: 'a', tag: 'b', data: 'c' } } });
    const c = aClient({ name: 'Directory Dan', sites: [site] });
    await repo.create(c);
    const directory = createClientDirectory(repo);
    expect(await directory.getClient(c.id)).toMatchObject({ id: c.id, name: 'Directory Dan', sites: [{ id: site.id, label: 'Depot', accountNumber: 'A-1' }] });
    const found = await directory.getSite(c.id, site.id);
    expect(found?.site.label).toBe('Depot');
    expect(JSON.stringify(found)).not.toContain('passcode');
    expect(await directory.getSite(c.id, 'nope')).toBeNull();
    expect((await directory.search('direct')).map((d) => d.id)).toEqual([c.id]);
  });

  it('marks the quote request a client was converted from won when something is sold, and only an open one', async () => {
    const leads = new DocumentQuoteRequestRepository(store);
    const clock = { now: () => new Date('2026-11-25T12:00:00Z') };
    const lead = await store.collection('quote_requests').create({ name: 'Wanda Won', status: 'new', services: [], photos: [], createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-01T10:00:00Z' });
    const c = aClient({ name: 'Wanda Won' });
    await repo.createForLead({ ...c, leadId: lead.id }, lead.id);
    expect((await leads.get(lead.id))?.status).toBe('converted');
    const directory = createClientDirectory(repo, { leads, clock });
    await directory.markLeadWon!(c.id);
    expect(await leads.get(lead.id)).toMatchObject({ status: 'won', convertedClientId: c.id });
    // A lost lead stays lost; a client without a lead is no error.
    await store.collection('quote_requests').update(lead.id, { status: 'lost' });
    await directory.markLeadWon!(c.id);
    expect((await leads.get(lead.id))?.status).toBe('lost');
    const plain = aClient({ name: 'No Lead' });
    await repo.create(plain);
    await expect(directory.markLeadWon!(plain.id)).resolves.toBeUndefined();
  });
});
