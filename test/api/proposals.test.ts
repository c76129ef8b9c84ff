import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import { aClient, aSite } from '../unit/clients/client-factories.ts';
import { aProposalRequest, MemoryInvoiceIssuer, MemoryJobCreator, SIGNED } from '../support/proposal-doubles.ts';
import type { ProposalDto, ProposalListResponse, PublicProposal } from '../../src/contracts/proposals.ts';
import type { OutboxMail } from '../../src/domain/mail/mailer.ts';

describe('proposals API', () => {
  // Test doubles: the jobs and invoices features are not on this branch (see proposal-doubles.ts).
  const jobs = new MemoryJobCreator();
  const invoices = new MemoryInvoiceIssuer();
  let t: ListeningTestApp;
  let admin: TestClient;
  let clientId: string;
  let siteId: string;

  const create = async (over: { validUntil?: string } = {}) => expectJson<ProposalDto>(await admin.send('POST', '/api/proposals', aProposalRequest(clientId, siteId, over)), 201);

  beforeAll(async () => {
    t = await listenTestApp({}, undefined, {
      override: (token) => (token === TOKENS.JobCreator ? jobs : token === TOKENS.InvoiceIssuer ? invoices : undefined),
    });
    const site = aSite();
    const client = await t.container.resolve(TOKENS.Clients).create(aClient({ name: 'Grace Hopper', sites: [site] }));
    clientId = client.id;
    siteId = site.id;
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
  });
  afterAll(() => t.close());

  it('creates a draft with computed totals and finds it by status and search', async () => {
    const p = await create();
    expect(p).toMatchObject({ status: 'draft', clientName: 'Grace Hopper', depositPercent: 25 });
    expect(p.number).toMatch(/^PRO-\d{4}-\d{4}$/);
    // 3 × 90.00 = 270.00 + 8.25 % (22.275 → 22.28) = 292.28
    expect(p.totals[0]).toMatchObject({ subtotalCents: 27000, taxCents: 2228, totalCents: 29228 });
    const drafts = await expectJson<ProposalListResponse>(await admin.get('/api/proposals?status=draft&search=hopp'), 200);
    expect(drafts.items.map((x) => x.id)).toContain(p.id);
    const none = await expectJson<ProposalListResponse>(await admin.get('/api/proposals?status=sent&search=hopp'), 200);
    expect(none.items.map((x) => x.id)).not.toContain(p.id);
  });

  it('pages the list in the order asked', async () => {
    await create();
    await create();
    const first = await expectJson<ProposalListResponse>(await admin.get('/api/proposals?sort=number&dir=asc&limit=2'), 200);
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await expectJson<ProposalListResponse>(await admin.get(`/api/proposals?sort=number&dir=asc&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`), 200);
    expect(second.items[0]!.number > first.items[1]!.number).toBe(true);
  });

  it('answers field errors for a bad body and refuses an unknown site', async () => {
    const bad = { ...aProposalRequest(clientId, siteId), depositPercent: 150 };
    const res = await expectJson<{ error: { fields: Record<string, string[]> } }>(await admin.send('POST', '/api/proposals', bad), 400);
    expect(Object.keys(res.error.fields)).toContain('depositPercent');
    await expectJson(await admin.send('POST', '/api/proposals', aProposalRequest(clientId, 'no-such-site')), 400);
  });

  it('edits a draft only', async () => {
    const p = await create();
    const edited = await expectJson<ProposalDto>(await admin.send('PUT', `/api/proposals/${p.id}`, { ...aProposalRequest(clientId, siteId), title: 'Revised' }), 200);
    expect(edited.title).toBe('Revised');
    await expectJson(await admin.send('POST', `/api/proposals/${p.id}/send`, {}), 200);
    await expectJson(await admin.send('PUT', `/api/proposals/${p.id}`, aProposalRequest(clientId, siteId)), 409);
  });

  it('sends, the client views, accepts option 2 by name, and staff convert it once', async () => {
    const p = await create();
    await expectJson(await admin.send('POST', `/api/proposals/${p.id}/send`, { to: 'grace@example.com' }), 200);
    const mail = (await t.container.resolve(TOKENS.Outbox).list(20)).find((m: OutboxMail) => m.subject.includes(p.number));
    expect(mail?.to).toBe('grace@example.com');
    const link = /https?:\/\/\S+\/p\/([A-Za-z0-9_-]+)/.exec(mail!.text);
    expect(link?.[1]).toBe(p.publicToken);

    // Staff checking the link do not count as the client having seen it.
    expect((await expectJson<PublicProposal>(await admin.get(`/api/public/proposals/${p.publicToken}`), 200)).status).toBe('sent');
    const visitor = new TestClient(t.url);
    const seen = await expectJson<PublicProposal>(await visitor.get(`/api/public/proposals/${p.publicToken}`), 200);
    expect(seen).toMatchObject({ number: p.number, status: 'viewed', canRespond: true });
    expect(JSON.stringify(seen)).not.toContain(p.publicToken);
    const accepted = await expectJson<PublicProposal>(await visitor.send('POST', `/api/public/proposals/${p.publicToken}/accept`, { optionId: 'opt-2', name: 'Grace Hopper', ...SIGNED }), 200);
    expect(accepted).toMatchObject({ status: 'accepted', acceptedOptionId: 'opt-2', acceptedName: 'Grace Hopper', canRespond: false });
    await expectJson(await visitor.send('POST', `/api/public/proposals/${p.publicToken}/decline`, {}), 409);

    const staffView = await expectJson<ProposalDto>(await admin.get(`/api/proposals/${p.id}`), 200);
    expect(staffView.acceptance).toMatchObject({ optionId: 'opt-2', name: 'Grace Hopper', ip: '127.0.0.1' });

    const converted = await expectJson<ProposalDto>(await admin.send('POST', `/api/proposals/${p.id}/convert`), 200);
    expect(converted.status).toBe('converted');
    expect(converted.conversion?.jobNumber).toMatch(/^JOB-/);
    await expectJson(await admin.send('POST', `/api/proposals/${p.id}/convert`), 409);
    expect(jobs.jobs.filter((j) => j.proposalId === p.id)).toHaveLength(1);
    expect(invoices.invoices.filter((i) => i.source.id === p.id)).toHaveLength(1);

    const audit = await expectJson<{ entries: { action: string }[] }>(await admin.get(`/api/proposals/${p.id}/audit`), 200);
    expect(audit.entries.map((e) => e.action).sort()).toEqual(['accept', 'convert', 'create', 'deposit-invoice', 'send', 'viewed']);
  });

  it('refuses public answers without the CSRF token, and unknown tokens', async () => {
    const p = await create();
    await expectJson(await admin.send('POST', `/api/proposals/${p.id}/send`, {}), 200);
    const visitor = new TestClient(t.url);
    const noCsrf = await visitor.raw(`/api/public/proposals/${p.publicToken}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify({ optionId: 'opt-1', name: 'Grace Hopper' }),
    });
    expect(noCsrf.status).toBe(403);
    await expectJson(await visitor.get(`/api/public/proposals/${'A'.repeat(32)}`), 404);
    // A draft is not public yet.
    const draft = await create();
    await expectJson(await visitor.get(`/api/public/proposals/${draft.publicToken}`), 404);
  });

  it('renders the PDF with the figures the client sees (pdftotext)', async () => {
    const p = await create();
    const res = await admin.get(`/api/proposals/${p.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const file = join(t.dataDir, `${p.number}.pdf`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('PROPOSAL');
    expect(text).toContain(p.number);
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('Alarm essentials');
    expect(text).toContain('Alarm and sensors');
    const fmt = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    for (const tot of p.totals) expect(text).toContain(fmt(tot.totalCents));
  });

  it('duplicates any proposal into a new draft', async () => {
    const p = await create();
    const copy = await expectJson<ProposalDto>(await admin.send('POST', `/api/proposals/${p.id}/duplicate`), 201);
    expect(copy).toMatchObject({ status: 'draft', title: p.title, options: p.options });
    expect(copy.number).not.toBe(p.number);
  });

  it('creates a one-option draft from a camera plan bill of materials', async () => {
    const bom = {
      clientId,
      siteId,
      cameraPlanId: 'plan-42',
      lines: [{ kind: 'labour', description: 'Camera mounting', quantity: 4, unitPriceCents: 7500, taxRateBp: 0 }],
    };
    const p = await expectJson<ProposalDto>(await admin.send('POST', '/api/proposals/from-bom', bom), 201);
    expect(p).toMatchObject({ status: 'draft', cameraPlanId: 'plan-42', options: [{ tier: 'good', lines: [{ description: 'Camera mounting' }] }] });
  });

  it('keeps proposals from staff without the permission', async () => {
    const maria = new TestClient(t.url);
    await maria.signIn(DEMO.employee);
    expect((await maria.get('/api/proposals')).status).toBe(403);
    expect((await maria.send('POST', '/api/proposals', aProposalRequest(clientId, siteId))).status).toBe(403);
  });
});

describe('public proposal answers', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await listenTestApp();
  });
  afterAll(() => t.close());

  it('are rate-limited per visitor', async () => {
    const visitor = new TestClient(t.url);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await visitor.send('POST', `/api/public/proposals/${'B'.repeat(32)}/decline`, {})).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
