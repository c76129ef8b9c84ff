import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import type { ClientImportPreview, ClientListResponse, ClientRelatedResponse, ClientView, SiteView } from '../../src/contracts/clients.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';

/** /api/clients end to end over HTTP on a real SQLite file, signed in through the embedded provider. */
describe('/api/clients', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let viewer: TestClient;
  const json = async <T,>(res: Response): Promise<T> => (await res.json()) as T;
  const store = () => t.container.resolve(TOKENS.Store);

  beforeAll(async () => {
    t = await listenTestApp();
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
    // Maria has viewClients but not editClients.
    viewer = new TestClient(t.url);
    await viewer.signIn(DEMO.employee);
  });
  afterAll(() => t.close());

  async function create(input = aClientInput()): Promise<ClientView> {
    const res = await admin.send('POST', '/api/clients', input);
    expect(res.status, await res.clone().text()).toBe(201);
    return json<ClientView>(res);
  }

  const history = async (id: string) => (await json<ClientRelatedResponse>(await admin.get(`/api/clients/${id}/related`))).history;

  describe('create, read, update', () => {
    it('creates a client with a site and reads it back', async () => {
      const input = aClientInput({ sites: [aSiteInput({ label: 'Lake house' })] });
      const created = await create(input);
      const got = await json<ClientView>(await admin.get(`/api/clients/${created.id}`));
      expect(got).toMatchObject({ name: input.name, kind: 'residential', source: 'referral', tags: ['vip'], archived: false });
      expect(got.sites).toHaveLength(1);
      expect(got.sites[0]).toMatchObject({ label: 'Lake house', geo: { latitude: 41.8781, longitude: -87.6298 } });
      expect(got.sites[0]!.alarm.zones.map((z) => z.number)).toEqual([1, 2]);
      expect(got.sites[0]!.alarm.hasPasscode).toBe(true);
      expect(await history(created.id)).toEqual([expect.objectContaining({ action: 'create', actorId: DEMO.admin, actorName: 'Frank Miller' })]);
    });

    it('answers 400 with field errors for bad input, and stores nothing', async () => {
      const before = await store().collection('clients').count();
      const res = await admin.send('POST', '/api/clients', {
        ...aClientInput(),
        name: 'x',
        kind: 'castle',
        contacts: [{ name: 'A', emails: ['not-an-email'], phones: [] }],
      });
      expect(res.status).toBe(400);
      const body = await json<{ error: { code: string; fields: Record<string, string[]> } }>(res);
      expect(body.error.code).toBe('validation');
      expect(body.error.fields['name']).toEqual(['Enter the client name (at least 2 characters).']);
      expect(body.error.fields['kind']).toEqual(['Choose residential or commercial.']);
      expect(body.error.fields['contacts.0.emails.0']).toEqual(['Enter a valid e-mail address.']);
      expect(await store().collection('clients').count()).toBe(before);
    });

    it('[R-DB-3] refuses a site geo point outside latitude -90..90 / longitude -180..180', async () => {
      const c = await create();
      const res = await admin.send('POST', `/api/clients/${c.id}/sites`, aSiteInput({ geo: { latitude: 91, longitude: 0 } }));
      expect(res.status).toBe(400);
      expect((await json<{ error: { fields: Record<string, string[]> } }>(res)).error.fields['geo.latitude']).toEqual(['Latitude must be between -90 and 90.']);
      const res2 = await admin.send('POST', `/api/clients/${c.id}/sites`, aSiteInput({ geo: { latitude: 0, longitude: -180.5 } }));
      expect(res2.status).toBe(400);
    });

    it('updates fields and audits each change with who and when', async () => {
      const c = await create();
      const res = await admin.send('PATCH', `/api/clients/${c.id}`, { name: 'Renamed Client', tags: ['VIP', 'HOA'] });
      expect(res.status).toBe(200);
      expect(await json<ClientView>(res)).toMatchObject({ name: 'Renamed Client', tags: ['vip', 'hoa'] });
      const [latest] = await history(c.id);
      expect(latest).toMatchObject({ action: 'update', actorName: 'Frank Miller' });
      expect(latest!.changes).toEqual([
        { field: 'name', from: c.name, to: 'Renamed Client' },
        { field: 'tags', from: '["vip"]', to: '["vip","hoa"]' },
      ]);
      expect(Date.now() - Date.parse(latest!.at)).toBeLessThan(60_000);
    });

    it('answers 400 for unknown fields and 404 for a missing client', async () => {
      const c = await create();
      expect((await admin.send('PATCH', `/api/clients/${c.id}`, { passcode: '1' })).status).toBe(400);
      expect((await admin.get('/api/clients/no-such-client')).status).toBe(404);
      expect((await admin.send('PATCH', '/api/clients/no-such-client', { name: 'Ann Lee' })).status).toBe(404);
    });
  });

  describe('alarm passcodes', () => {
    it('never returns the passcode from list or get, and stores it encrypted', async () => {
      const site = aSiteInput({ alarm: { ...aSiteInput().alarm, passcode: '9731#' } });
      const c = await create(aClientInput({ name: 'Passcode Keeper', sites: [site] }));
      for (const path of [`/api/clients/${c.id}`, '/api/clients?q=passcode', '/api/clients', `/api/clients/${c.id}/sites/${c.sites[0]!.id}`, `/api/clients/${c.id}/related`]) {
        const body = await (await admin.get(path)).text();
        expect(body, path).not.toContain('9731');
      }
      const raw = JSON.stringify(await store().collection('clients').get(c.id));
      expect(raw).not.toContain('9731');
      expect(raw).toContain('"passcode":{"v":1');
    });

    it('reveals it to a user with editClients and audits the reveal', async () => {
      const c = await create(aClientInput({ sites: [aSiteInput({ alarm: { ...aSiteInput().alarm, passcode: '2468' } })] }));
      const siteId = c.sites[0]!.id;
      const res = await admin.send('POST', `/api/clients/${c.id}/sites/${siteId}/reveal-passcode`);
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ passcode: '2468' });
      const [latest] = await history(c.id);
      expect(latest).toMatchObject({ action: 'reveal-passcode', actorId: DEMO.admin, actorName: 'Frank Miller' });
      expect(latest!.changes).toEqual([{ field: `sites.${siteId}.alarm.passcode`, from: null, to: null }]);
    });

    it('refuses the reveal to a view-only user (403) and records nothing', async () => {
      const c = await create(aClientInput({ sites: [aSiteInput()] }));
      const before = (await history(c.id)).length;
      expect((await viewer.send('POST', `/api/clients/${c.id}/sites/${c.sites[0]!.id}/reveal-passcode`)).status).toBe(403);
      expect(await history(c.id)).toHaveLength(before);
    });

    it('answers 404 for a site without a passcode', async () => {
      const c = await create(aClientInput({ sites: [aSiteInput({ alarm: { ...aSiteInput().alarm, passcode: null } })] }));
      expect((await admin.send('POST', `/api/clients/${c.id}/sites/${c.sites[0]!.id}/reveal-passcode`)).status).toBe(404);
    });
  });

  describe('sites', () => {
    it('adds, changes (keeping or replacing the passcode) and removes a site, audited', async () => {
      const c = await create();
      const added = await json<SiteView>(await admin.send('POST', `/api/clients/${c.id}/sites`, aSiteInput({ label: 'Shop' })));
      expect(added.alarm.hasPasscode).toBe(true);
      const path = `/api/clients/${c.id}/sites/${added.id}`;
      const patched = await json<SiteView>(await admin.send('PATCH', path, { label: 'Shop floor', alarm: { ...aSiteInput().alarm, passcode: undefined, panelModel: 'Qolsys IQ4' } }));
      expect(patched).toMatchObject({ label: 'Shop floor', alarm: { panelModel: 'Qolsys IQ4', hasPasscode: true } });
      await admin.send('PATCH', path, { alarm: { ...aSiteInput().alarm, passcode: '5555' } });
      expect(await json(await admin.send('POST', `${path}/reveal-passcode`))).toEqual({ passcode: '5555' });
      const updates = (await history(c.id)).filter((h) => h.action === 'update-site');
      expect(updates[0]!.changes).toContainEqual({ field: `sites.${added.id}.alarm.passcode`, from: '(hidden)', to: '(changed)' });
      expect(JSON.stringify(updates)).not.toContain('5555');
      expect((await admin.send('DELETE', path)).status).toBe(204);
      expect((await admin.get(path)).status).toBe(404);
      expect((await admin.send('PATCH', path, { label: 'Gone' })).status).toBe(404);
      expect((await history(c.id))[0]!.action).toBe('remove-site');
    });
  });

  describe('permissions', () => {
    it('lets a view-only user read but refuses every change with 403', async () => {
      const c = await create(aClientInput({ sites: [aSiteInput()] }));
      expect((await viewer.get(`/api/clients/${c.id}`)).status).toBe(200);
      expect((await viewer.get('/api/clients')).status).toBe(200);
      const site = `/api/clients/${c.id}/sites/${c.sites[0]!.id}`;
      const attempts: [string, string, unknown][] = [
        ['POST', '/api/clients', aClientInput()],
        ['PATCH', `/api/clients/${c.id}`, { name: 'Hijacked' }],
        ['POST', `/api/clients/${c.id}/archive`, {}],
        ['DELETE', `/api/clients/${c.id}`, undefined],
        ['POST', `/api/clients/${c.id}/sites`, aSiteInput()],
        ['PATCH', site, { label: 'x' }],
        ['DELETE', site, undefined],
        ['POST', '/api/clients/import/commit', { csv: 'name\nAnn Lee\n' }],
      ];
      for (const [method, path, body] of attempts) expect((await viewer.send(method as 'POST', path, body)).status, `${method} ${path}`).toBe(403);
      expect((await admin.get(`/api/clients/${c.id}`)).status).toBe(200);
      expect((await json<ClientView>(await admin.get(`/api/clients/${c.id}`))).name).toBe(c.name);
    });
  });

  describe('search and lists', () => {
    it('finds clients by name prefix, phone fragment, e-mail and address word', async () => {
      const c = await create(
        aClientInput({
          name: 'Quincy Zabriskie',
          contacts: [{ name: 'Quincy Zabriskie', role: '', emails: ['quincy.z@harbor.example'], phones: ['(312) 555-0199'] }],
          billingAddress: { line1: '77 Juniper Hollow', line2: '', city: 'Fairview', region: 'IL', postcode: '60002', country: 'US' },
        }),
      );
      for (const q of ['zabr', 'Quincy Zab', '555-01', '3125550199', 'quincy.z@harbor', 'juniper', 'hollow fairview']) {
        const res = await json<ClientListResponse>(await admin.get(`/api/clients?q=${encodeURIComponent(q)}`));
        expect(res.items.map((i) => i.id), q).toContain(c.id);
      }
      const none = await json<ClientListResponse>(await admin.get('/api/clients?q=zabriskie+nomatchword'));
      expect(none.items).toEqual([]);
    });

    it('filters by kind, tag and source, hides archived clients unless asked', async () => {
      const com = await create(aClientInput({ name: 'Filterco Warehouse', kind: 'commercial', tags: ['hoa'], source: 'phone' }));
      const res = await create(aClientInput({ name: 'Filterco Home', kind: 'residential', tags: ['warranty'], source: 'website' }));
      const ids = async (qs: string) => (await json<ClientListResponse>(await admin.get(`/api/clients?${qs}`))).items.map((i) => i.id);
      expect(await ids('q=filterco&kind=commercial')).toEqual([com.id]);
      expect(await ids('q=filterco&tag=warranty')).toEqual([res.id]);
      expect(await ids('tag=hoa')).toContain(com.id);
      expect(await ids('tag=hoa')).not.toContain(res.id);
      expect(await ids('q=filterco&source=phone')).toEqual([com.id]);
      expect((await admin.send('POST', `/api/clients/${com.id}/archive`, {})).status).toBe(200);
      expect(await ids('q=filterco')).toEqual([res.id]);
      expect(await ids('q=filterco&archived=archived')).toEqual([com.id]);
      expect((await ids('q=filterco&archived=all')).sort()).toEqual([com.id, res.id].sort());
      expect((await admin.send('POST', `/api/clients/${com.id}/unarchive`, {})).status).toBe(200);
      expect((await history(com.id)).map((h) => h.action).slice(0, 2)).toEqual(['unarchive', 'archive']);
    });

    it('pages with a cursor: every match exactly once, in order', async () => {
      const made = new Set<string>();
      for (let i = 0; i < 23; i++) made.add((await create(aClientInput({ name: `Pagewalker ${String(i).padStart(2, '0')}` }))).id);
      for (const base of ['/api/clients?q=pagewalker&limit=5', '/api/clients?sort=-createdAt&limit=7']) {
        const seen: string[] = [];
        let url: string | null = base;
        while (url) {
          const page: ClientListResponse = await json<ClientListResponse>(await admin.get(url));
          seen.push(...page.items.map((i) => i.id));
          url = page.nextCursor ? `${base}&cursor=${encodeURIComponent(page.nextCursor)}` : null;
        }
        expect(new Set(seen).size, base).toBe(seen.length);
        for (const id of made) expect(seen, base).toContain(id);
      }
      const names = (await json<ClientListResponse>(await admin.get('/api/clients?q=pagewalker&limit=30'))).items.map((i) => i.name);
      expect(names).toEqual([...names].sort());
    });

    it('refuses a malformed cursor or limit with 400', async () => {
      expect((await admin.get('/api/clients?cursor=garbage')).status).toBe(400);
      expect((await admin.get('/api/clients?limit=1000')).status).toBe(400);
    });
  });

  describe('delete', () => {
    it('refuses to delete a client with jobs or invoices (409, with the reason) and archives instead', async () => {
      const c = await create(aClientInput({ name: 'Busy Client' }));
      await store().collection('jobs').create({ clientId: c.id, number: 'JOB-9001', status: 'scheduled' });
      await store().collection('invoices').create({ clientId: c.id, number: 'INV-2026-0001', status: 'partial', issueDate: '2026-01-05', totalCents: 60000, balanceCents: 40000 });
      const res = await admin.send('DELETE', `/api/clients/${c.id}`);
      expect(res.status).toBe(409);
      expect((await json<{ error: { message: string } }>(res)).error.message).toBe(
        'Busy Client has 1 job and 1 invoice, so the client cannot be deleted. Archive the client instead.',
      );
      expect((await admin.get(`/api/clients/${c.id}`)).status).toBe(200);
      const related = await json<ClientRelatedResponse>(await admin.get(`/api/clients/${c.id}/related`));
      expect(related.jobs!.map((j) => j.number)).toEqual(['JOB-9001']);
      expect(related.invoices!.map((j) => [j.number, j.totalCents, j.balanceCents])).toEqual([['INV-2026-0001', 60000, 40000]]);
      expect(related.jobs!.map((j) => [j.totalCents, j.balanceCents])).toEqual([[null, null]]);
      expect(related.proposals).toEqual([]);
      expect((await json<ClientView>(await admin.send('POST', `/api/clients/${c.id}/archive`, {}))).archived).toBe(true);
    });

    it('lists related records by what a person knows them by: job title, contract plan and site, never a raw id or a job type', async () => {
      const c = await create(aClientInput({ name: 'Related Client' }));
      await store().collection('jobs').create({ clientId: c.id, number: 'JOB-9042', type: 'install', title: 'Install the garage keypad', status: 'scheduled', createdAt: '2026-02-01T10:00:00Z' });
      const contract = await store()
        .collection('monitoring_contracts')
        .create({ clientId: c.id, plan: 'Premium 24/7 monitoring', siteLabel: 'Lake house', accountNumber: 'ACC-99', status: 'active', createdAt: '2026-02-01T10:00:00Z' });
      const related = await json<ClientRelatedResponse>(await admin.get(`/api/clients/${c.id}/related`));
      expect(related.jobs!.map((j) => [j.number, j.title])).toEqual([['JOB-9042', 'Install the garage keypad']]);
      expect(related.contracts!.map((r) => [r.number, r.title])).toEqual([[null, 'Premium 24/7 monitoring · Lake house · account ACC-99']]);
      expect(JSON.stringify(related.contracts!.map((r) => r.title))).not.toContain(contract.id);
    });

    it('deletes a client without records, its search terms with it', async () => {
      const c = await create(aClientInput({ name: 'Shortlived Client' }));
      expect((await admin.send('DELETE', `/api/clients/${c.id}`)).status).toBe(204);
      expect((await admin.get(`/api/clients/${c.id}`)).status).toBe(404);
      expect((await json<ClientListResponse>(await admin.get('/api/clients?q=shortlived'))).items).toEqual([]);
      expect((await store().collection('client_terms').query({ where: [{ kind: 'field', field: 'clientId', op: '==', value: c.id }] })).docs).toEqual([]);
    });
  });

  describe('CSV import and export', () => {
    const header = 'kind,name,company,contact_name,email,phone,address_line1,city,postcode,tags,source,site_label,site_address_line1,site_city';
    const good = (n: string) => `residential,Importee ${n},,Importee ${n},importee${n}@example.com,555 010 20${n},1 Elm St,Salem,01970,vip;hoa,referral,Home,1 Elm St,Salem`;

    it('previews every row with its errors and writes nothing', async () => {
      const before = await store().collection('clients').count();
      const csv = [header, good('01'), 'castle,X,,,bad-email,,,,,,,,,', good('02')].join('\n');
      const res = await admin.send('POST', '/api/clients/import/preview', { csv });
      expect(res.status).toBe(200);
      const preview = await json<ClientImportPreview>(res);
      expect(preview).toMatchObject({ total: 3, valid: 2, invalid: 1, fileErrors: [] });
      expect(preview.rows[1]).toMatchObject({ line: 3, name: 'X' });
      expect(Object.keys(preview.rows[1]!.errors).sort()).toEqual(['email', 'kind', 'name']);
      expect(await store().collection('clients').count()).toBe(before);
    });

    it('commits all rows or none', async () => {
      const before = await store().collection('clients').count();
      const bad = await admin.send('POST', '/api/clients/import/commit', { csv: [header, good('11'), 'residential,,,,,,,,,,,,,'].join('\n') });
      expect(bad.status).toBe(400);
      expect(await store().collection('clients').count()).toBe(before);
      expect((await json<ClientListResponse>(await admin.get('/api/clients?q=importee11'))).items).toEqual([]);

      const ok = await admin.send('POST', '/api/clients/import/commit', { csv: [header, good('21'), good('22')].join('\r\n') });
      expect(ok.status).toBe(201);
      expect(await json(ok)).toEqual({ created: 2, skipped: 0 });
      expect(await store().collection('clients').count()).toBe(before + 2);
      const found = await json<ClientListResponse>(await admin.get('/api/clients?q=importee21'));
      expect(found.items).toHaveLength(1);
      const client = await json<ClientView>(await admin.get(`/api/clients/${found.items[0]!.id}`));
      expect(client).toMatchObject({ tags: ['vip', 'hoa'], source: 'referral', sites: [{ label: 'Home', address: { line1: '1 Elm St', city: 'Salem' } }] });
      expect((await history(client.id))[0]).toMatchObject({ action: 'import', actorName: 'Frank Miller' });
    });

    it('refuses a file without a name column or too large a body', async () => {
      const res = await admin.send('POST', '/api/clients/import/preview', { csv: 'foo,bar\n1,2\n' });
      expect((await json<ClientImportPreview>(res)).fileErrors[0]).toMatch(/needs a name column/);
      const huge = await admin.send('POST', '/api/clients/import/preview', { csv: 'x'.repeat(2_000_001) });
      expect(huge.status).toBe(400);
    });

    it('reads the usual headers (Full Name, E-mail, Mobile, Address, Town, State, Zip), case and punctuation aside', async () => {
      const csv = ['Full Name,E-MAIL,Mobile,Address,Town,State,Zip', 'Harriet Okonkwo-Lindqvist,harriet.okonkwo@example.com,(217) 555-0190,742 Evergreen Terrace,Springfield,IL,62704'].join('\n');
      const preview = await json<ClientImportPreview>(await admin.send('POST', '/api/clients/import/preview', { csv }));
      expect(preview).toMatchObject({ total: 1, valid: 1, invalid: 0, duplicates: 0, unmapped: [] });
      expect(preview.columns.map((c) => c.column)).toEqual(['name', 'email', 'phone', 'address_line1', 'city', 'region', 'postcode']);
      const done = await admin.send('POST', '/api/clients/import/commit', { csv });
      expect(await json(done)).toEqual({ created: 1, skipped: 0 });
      const found = await json<ClientListResponse>(await admin.get('/api/clients?q=okonkwo'));
      const client = await json<ClientView>(await admin.get(`/api/clients/${found.items[0]!.id}`));
      expect(client.billingAddress).toMatchObject({ line1: '742 Evergreen Terrace', city: 'Springfield', region: 'IL', postcode: '62704' });
      expect(client.contacts[0]).toMatchObject({ emails: ['harriet.okonkwo@example.com'], phones: ['(217) 555-0190'] });
    });

    it('lists columns it does not know, and imports them once mapped; ignored ones stay out', async () => {
      const csv = ['Name,Gate code,Cust. Region,Account manager', 'Ignatius Featherstonehaugh,4411,WI,Maria'].join('\n');
      const first = await json<ClientImportPreview>(await admin.send('POST', '/api/clients/import/preview', { csv }));
      expect(first.unmapped).toEqual(['Gate code', 'Cust. Region', 'Account manager']);
      const mapping = { 'Gate code': 'notes', 'Cust. Region': 'region', 'Account manager': 'ignore' };
      const mapped = await json<ClientImportPreview>(await admin.send('POST', '/api/clients/import/preview', { csv, mapping }));
      expect(mapped.unmapped).toEqual([]);
      expect(mapped.columns.map((c) => c.column)).toEqual(['name', 'notes', 'region', null]);
      expect((await admin.send('POST', '/api/clients/import/commit', { csv, mapping })).status).toBe(201);
      const found = await json<ClientListResponse>(await admin.get('/api/clients?q=featherstonehaugh'));
      const client = await json<ClientView>(await admin.get(`/api/clients/${found.items[0]!.id}`));
      expect(client).toMatchObject({ notes: '4411', billingAddress: { region: 'WI' } });
      expect(JSON.stringify(client)).not.toContain('Maria');
    });

    it('flags rows with the e-mail or phone of an existing client or of an earlier row, and skips them on import', async () => {
      await create(aClientInput({ name: 'Existing Esperanza', contacts: [{ name: 'Esperanza', role: '', emails: ['esperanza@example.com'], phones: ['608 555 7788'] }] }));
      const csv = [
        'Name,Email,Phone',
        'Esperanza Again,ESPERANZA@example.com,',
        'Phone Twin,,+1 (608) 555-7788',
        'Fresh Fernanda,fernanda@example.com,',
        'Fernanda Copy,fernanda@example.com,',
      ].join('\n');
      const preview = await json<ClientImportPreview>(await admin.send('POST', '/api/clients/import/preview', { csv }));
      expect(preview.duplicates).toBe(3);
      expect(preview.rows.map((r) => r.duplicate)).toEqual([
        'Same e-mail as Existing Esperanza, an existing client.',
        'Same phone as Existing Esperanza, an existing client.',
        null,
        'Same e-mail as line 4 (fernanda@example.com).',
      ]);
      expect(await json(await admin.send('POST', '/api/clients/import/commit', { csv }))).toEqual({ created: 1, skipped: 3 });
      // The same file again: everyone is there already.
      expect(await json(await admin.send('POST', '/api/clients/import/commit', { csv }))).toEqual({ created: 0, skipped: 4 });
      expect((await json<ClientListResponse>(await admin.get('/api/clients?q=fernanda'))).items).toHaveLength(1);
    });

    it('serves a template CSV that previews clean', async () => {
      const res = await admin.get('/api/clients/import/template.csv');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="clients-import-template.csv"');
      const csv = await res.text();
      expect(csv.split('\r\n')[0]).toBe(
        'name,kind,company,contact_name,contact_role,email,phone,address_line1,address_line2,city,region,postcode,country,tags,source,notes,site_label,site_address_line1,site_city,site_region,site_postcode',
      );
      const preview = await json<ClientImportPreview>(await admin.send('POST', '/api/clients/import/preview', { csv }));
      expect(preview).toMatchObject({ total: 1, valid: 1, invalid: 0, unmapped: [] });
      expect((await viewer.get('/api/clients/import/template.csv')).status).toBe(403);
    });

    it('exports every client as CSV, formula-safe, and the export imports back', async () => {
      const c = await create(aClientInput({ name: 'Exporter Eve', notes: '=HYPERLINK("http://evil")' }));
      const res = await viewer.get('/api/clients/export.csv');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = await res.text();
      const lines = text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('id,kind,name,company,contact_name,contact_role,email,phone,address_line1,address_line2,city,region,postcode,country,tags,source,notes,site_label,site_address_line1,site_city,site_region,site_postcode,archived,created_at');
      const row = lines.find((l) => l.startsWith(c.id));
      expect(row).toContain(`'=HYPERLINK(""http://evil"")`);
      const preview = await json<ClientImportPreview>(await admin.send('POST', '/api/clients/import/preview', { csv: text }));
      expect(preview.invalid).toBe(0);
      expect(preview.total).toBe(await store().collection('clients').count());
    });
  });

  describe('POST /api/leads/:id/convert', () => {
    const aLead = (over: Record<string, unknown> = {}) =>
      store()
        .collection('quote_requests')
        .create({
          name: 'Lena Leadsworth-Abernathy',
          email: 'lena.leadsworth-abernathy@example.com',
          phone: '555 303 4040',
          address: '5 Poplar Way, Apt 2, Springfield, IL 62704',
          postcode: '62704',
          propertyType: 'commercial',
          services: ['alarm', 'cameras'],
          description: 'Two doors and a loading dock; the old panel beeps at night.',
          photos: [{ path: 'quotes/x/0.jpg', contentType: 'image/jpeg', size: 10, fileName: 'dock.jpg' }],
          status: 'contacted',
          ...over,
        });

    it('with no review, uses the draft: address split, services as tags, description in the notes; the lead is converted, not won', async () => {
      const lead = await aLead();
      const res = await admin.send('POST', `/api/leads/${lead.id}/convert`, {});
      expect(res.status, await res.clone().text()).toBe(201);
      const client = await json<ClientView>(res);
      expect(client).toMatchObject({ name: 'Lena Leadsworth-Abernathy', kind: 'commercial', source: 'lead', leadId: lead.id, tags: ['alarm', 'cameras'] });
      expect(client.contacts[0]).toMatchObject({ emails: ['lena.leadsworth-abernathy@example.com'], phones: ['555 303 4040'] });
      const address = { line1: '5 Poplar Way', line2: 'Apt 2', city: 'Springfield', region: 'IL', postcode: '62704' };
      expect(client.billingAddress).toMatchObject(address);
      expect(client.sites).toEqual([expect.objectContaining({ label: 'Business premises', address: expect.objectContaining(address) })]);
      expect(client.notes).toBe('Two doors and a loading dock; the old panel beeps at night.\n\nServices asked for: Alarm system, Security cameras.\n\n1 photo on the quote request.');
      expect(await store().collection('quote_requests').get(lead.id)).toMatchObject({ status: 'converted', convertedClientId: client.id });
      expect((await admin.send('POST', `/api/leads/${lead.id}/convert`, {})).status).toBe(409);
      expect((await history(client.id))[0]).toMatchObject({ action: 'convert-lead' });
    });

    it('takes the reviewed fields, and refuses bad ones at their fields writing nothing', async () => {
      const lead = await aLead({ name: '', email: 'not an email', address: 'Rural Route 5' });
      const before = await store().collection('clients').count();
      const bad = await admin.send('POST', `/api/leads/${lead.id}/convert`, {});
      expect(bad.status).toBe(400);
      const fields = (await json<{ error: { fields: Record<string, string[]> } }>(bad)).error.fields;
      expect(fields).toMatchObject({ name: ['Enter the client name (at least 2 characters).'], email: ['Enter a valid e-mail address.'] });
      expect(await store().collection('clients').count()).toBe(before);
      const res = await admin.send('POST', `/api/leads/${lead.id}/convert`, {
        name: 'Rupert Ruralroute',
        email: 'rupert@example.com',
        address: { line1: 'Rural Route 5', line2: '', city: 'Chatham', region: 'IL', postcode: '62629', country: 'US' },
        siteLabel: 'Farmhouse',
      });
      expect(res.status).toBe(201);
      expect(await json<ClientView>(res)).toMatchObject({ name: 'Rupert Ruralroute', sites: [{ label: 'Farmhouse', address: { city: 'Chatham', region: 'IL' } }] });
      expect((await admin.send('POST', '/api/leads/no-such-lead/convert', {})).status).toBe(404);
      expect((await viewer.send('POST', `/api/leads/${lead.id}/convert`, {})).status).toBe(403);
    });

    it('is won when a job of the client is completed', async () => {
      const lead = await aLead();
      const client = await json<ClientView>(await admin.send('POST', `/api/leads/${lead.id}/convert`, {}));
      const created = await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'service', title: 'Fix the beeping panel' });
      expect(created.status, await created.clone().text()).toBe(201);
      const job = await json<{ id: string }>(created);
      const start = new Date(Date.now() + 86_400_000);
      expect((await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() } })).status).toBe(200);
      expect((await admin.send('POST', `/api/jobs/${job.id}/status`, { status: 'in-progress' })).status).toBe(200);
      expect((await store().collection('quote_requests').get(lead.id))?.['status']).toBe('converted');
      expect((await admin.send('POST', `/api/jobs/${job.id}/status`, { status: 'completed' })).status).toBe(200);
      expect((await store().collection('quote_requests').get(lead.id))?.['status']).toBe('won');
    });
  });
});
