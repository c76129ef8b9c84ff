import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { anEmployeeInput } from '../unit/employees/factories.ts';
import type { AuditListDto } from '../../src/contracts/audit.ts';
import type { EmployeeDto, EmployeePageDto } from '../../src/contracts/employees.ts';
import type { ApiError } from '../../src/contracts/errors.ts';

const MARIA_ID = 'emp-maria';
const TOM_ID = 'emp-tom';

type Call = { method: 'GET' | 'POST' | 'PATCH'; path: string; body?: unknown };
const ROUTES: Call[] = [
  { method: 'GET', path: '/api/employees' },
  { method: 'GET', path: `/api/employees/${MARIA_ID}` },
  { method: 'POST', path: '/api/employees', body: anEmployeeInput() },
  { method: 'PATCH', path: `/api/employees/${TOM_ID}`, body: { title: 'Changed' } },
  { method: 'POST', path: `/api/employees/${TOM_ID}/deactivate` },
  { method: 'GET', path: `/api/employees/${MARIA_ID}/audit` },
];

const call = (c: TestClient, r: Call) => (r.method === 'GET' ? c.get(r.path) : c.send(r.method, r.path, r.body));

async function signedIn(url: string, sub: string): Promise<TestClient> {
  const c = new TestClient(url);
  await c.signIn(sub);
  return c;
}

describe('/api/employees', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await listenTestApp();
    admin = await signedIn(t.url, DEMO.admin);
  });
  afterAll(() => t.close());

  const create = async (body: unknown) => {
    const res = await admin.send('POST', '/api/employees', body);
    return { status: res.status, body: (await res.json()) as EmployeeDto & ApiError };
  };
  const audit = async (id: string) => ((await (await admin.get(`/api/employees/${id}/audit`)).json()) as AuditListDto).entries;
  const list = async (query: string) => (await (await admin.get(`/api/employees?${query}`)).json()) as EmployeePageDto;

  describe('access', () => {
    it('[R-AUTH-15] signed out: every route answers 401', async () => {
      const anon = new TestClient(t.url);
      for (const r of ROUTES) expect({ ...r, status: (await call(anon, r)).status }).toMatchObject({ status: 401 });
    });

    it('[R-AUTH-15] an employee, an inactive employee and an ordinary user get 403 on every route and change nothing', async () => {
      for (const sub of [DEMO.employee, DEMO.inactive, DEMO.other]) {
        const c = await signedIn(t.url, sub);
        for (const r of ROUTES) expect({ sub, ...r, status: (await call(c, r)).status }).toMatchObject({ status: 403 });
      }
      const tom = (await (await admin.get(`/api/employees/${TOM_ID}`)).json()) as EmployeeDto;
      expect(tom.title).toBe('Technician (former)');
      expect(await audit(TOM_ID)).toEqual([]);
    });
  });

  describe('GET /api/employees', () => {
    it('lists the seeded records sorted by name, and filters by status', async () => {
      const all = await list('status=active&q=lopez');
      expect(all.items.map((e) => e.id)).toEqual([MARIA_ID]);
      expect((await list('status=inactive')).items.map((e) => e.id)).toEqual([TOM_ID]);
    });

    it('searches name, e-mail and title case-insensitively', async () => {
      const marker = `zq${Date.now().toString(36)}`;
      const a = await create(anEmployeeInput({ name: `Ann ${marker}` }));
      const b = await create(anEmployeeInput({ email: `${marker}@shieldline.example` }));
      const c = await create(anEmployeeInput({ title: `Senior ${marker.toUpperCase()}` }));
      const found = await list(`q=${marker.toUpperCase()}&limit=100`);
      expect(found.items.map((e) => e.id).sort()).toEqual([a.body.id, b.body.id, c.body.id].sort());
    });

    it('pages with cursors, in the asked sort order, with and without a search term', async () => {
      const marker = `pg${Date.now().toString(36)}`;
      const names = ['Alma', 'Bert', 'Cleo', 'Dora', 'Emil'].map((n) => `${n} ${marker}`);
      for (const name of [...names].reverse()) await create(anEmployeeInput({ name, title: marker }));
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: EmployeePageDto = await list(`q=${marker}&sort=-name&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((e) => e.name));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...names].reverse());

      const first = await list('sort=name&limit=1');
      expect(first.nextCursor).not.toBeNull();
      const second = await list(`sort=name&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
      expect(second.items[0]!.name >= first.items[0]!.name).toBe(true);
      expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    });

    it('refuses bad query parameters with field errors', async () => {
      const res = await admin.get('/api/employees?status=retired&limit=0&role=admin');
      expect(res.status).toBe(400);
      const body = (await res.json()) as ApiError;
      expect(Object.keys(body.error.fields ?? {})).toEqual(expect.arrayContaining(['status', 'limit', 'role']));
    });
  });

  describe('GET /api/employees/:id', () => {
    it('returns the record with every switch as a boolean', async () => {
      const res = await admin.get(`/api/employees/${MARIA_ID}`);
      expect(res.status).toBe(200);
      const maria = (await res.json()) as EmployeeDto;
      expect(maria).toMatchObject({ name: 'Maria Lopez', email: 'maria@shieldline.example', employmentStatus: 'active' });
      expect(maria.permissions).toMatchObject({ viewJobs: true, editJobs: true, editClients: false, useVisionAi: false });
      expect(Object.keys(maria.permissions)).toHaveLength(11);
    });

    it('answers 404 for an unknown id', async () => {
      expect((await admin.get('/api/employees/emp-nobody')).status).toBe(404);
      expect((await admin.get('/api/employees/emp-nobody/audit')).status).toBe(404);
    });
  });

  describe('POST /api/employees', () => {
    it('creates a record with a normalised e-mail, edit implying view, and audits it', async () => {
      const input = anEmployeeInput({ email: '  New.Person@Shieldline.Example ', permissions: { editJobs: true, useVisionAi: true } });
      const res = await create(input);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email: 'new.person@shieldline.example', employmentStatus: 'active', name: input.name });
      expect(res.body.permissions).toMatchObject({ viewJobs: true, editJobs: true, useVisionAi: true, viewClients: false });

      const [entry, ...rest] = await audit(res.body.id);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({ action: 'create', actorId: DEMO.admin, actorName: 'Frank Miller', entity: 'employee', entityId: res.body.id });
      expect(entry!.changes).toEqual(
        expect.arrayContaining([
          { field: 'email', from: null, to: 'new.person@shieldline.example' },
          { field: 'permissions.viewJobs', from: null, to: true },
          { field: 'permissions.editJobs', from: null, to: true },
          { field: 'permissions.useVisionAi', from: null, to: true },
        ]),
      );
      expect(entry!.changes.some((c) => c.field === 'permissions.viewClients')).toBe(false);
    });

    it('refuses bad input with field errors (unknown fields, bad e-mail, edit without view) and stores nothing', async () => {
      const before = (await list('limit=100')).items.length;
      const res = await create({ ...anEmployeeInput({ email: 'not-an-email', permissions: { editClients: true, viewClients: false } }), isAdmin: true });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toMatchObject({
        isAdmin: ['Unknown field.'],
        email: [expect.stringContaining('valid e-mail')],
        'permissions.viewClients': [expect.stringContaining('turn view on')],
      });
      const missing = await create({ email: 'x@shieldline.example' });
      expect(missing.status).toBe(400);
      expect(missing.body.error.fields?.['name']).toBeDefined();
      const smuggled = await create(anEmployeeInput({ permissions: { isAdmin: true } as never }));
      expect(smuggled.status).toBe(400);
      // The shared error handler names an unknown key by its own name.
      expect(smuggled.body.error.fields?.['isAdmin']).toEqual(['Unknown field.']);
      expect((await list('limit=100')).items.length).toBe(before);
    });

    it('answers 409 with a field error for an e-mail already in use, whatever its case', async () => {
      const res = await create(anEmployeeInput({ email: 'MARIA@shieldline.example' }));
      expect(res.status).toBe(409);
      expect(res.body.error.fields?.['email']).toEqual([expect.stringContaining('already uses this e-mail')]);
    });
  });

  describe('PATCH /api/employees/:id', () => {
    it('changes fields and permissions and audits exactly the diff', async () => {
      const { body: e } = await create(anEmployeeInput({ title: 'Installer', permissions: { viewClients: true } }));
      const res = await admin.send('PATCH', `/api/employees/${e.id}`, { title: 'Lead installer', permissions: { editClients: true, editInvoices: true } });
      expect(res.status).toBe(200);
      const updated = (await res.json()) as EmployeeDto;
      expect(updated.permissions).toMatchObject({ viewClients: true, editClients: true, viewInvoices: true, editInvoices: true });
      const [entry] = await audit(e.id);
      expect(entry).toMatchObject({ action: 'update', actorId: DEMO.admin });
      expect(entry!.changes).toEqual([
        { field: 'title', from: 'Installer', to: 'Lead installer' },
        { field: 'permissions.editClients', from: false, to: true },
        { field: 'permissions.viewInvoices', from: false, to: true },
        { field: 'permissions.editInvoices', from: false, to: true },
      ]);

      const off = await admin.send('PATCH', `/api/employees/${e.id}`, { permissions: { viewClients: false } });
      expect(((await off.json()) as EmployeeDto).permissions).toMatchObject({ viewClients: false, editClients: false });
      const entries = await audit(e.id);
      expect(entries.map((x) => x.action)).toEqual(['update', 'update', 'create']);
      expect(entries[0]!.changes).toEqual([
        { field: 'permissions.viewClients', from: true, to: false },
        { field: 'permissions.editClients', from: true, to: false },
      ]);
    });

    it('writes no audit entry when nothing changes', async () => {
      const { body: e } = await create(anEmployeeInput());
      const res = await admin.send('PATCH', `/api/employees/${e.id}`, { name: e.name, email: e.email.toUpperCase() });
      expect(res.status).toBe(200);
      expect((await audit(e.id)).map((x) => x.action)).toEqual(['create']);
    });

    it('answers 400 for an empty or unknown body, 404 for an unknown id, 409 for a taken e-mail', async () => {
      const { body: e } = await create(anEmployeeInput());
      expect((await admin.send('PATCH', `/api/employees/${e.id}`, {})).status).toBe(400);
      const unknown = await admin.send('PATCH', `/api/employees/${e.id}`, { createdAt: '2020-01-01' });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as ApiError).error.fields).toMatchObject({ createdAt: ['Unknown field.'] });
      expect((await admin.send('PATCH', '/api/employees/emp-nobody', { title: 'x' })).status).toBe(404);
      const taken = await admin.send('PATCH', `/api/employees/${e.id}`, { email: 'tom@shieldline.example' });
      expect(taken.status).toBe(409);
      expect(((await taken.json()) as ApiError).error.fields?.['email']).toBeDefined();
      expect(((await (await admin.get(`/api/employees/${e.id}`)).json()) as EmployeeDto).email).toBe(e.email);
    });
  });

  describe('POST /api/employees/:id/deactivate', () => {
    it('sets the status to inactive once, audited as a deactivation; repeating it changes nothing', async () => {
      const { body: e } = await create(anEmployeeInput({ permissions: { viewJobs: true } }));
      const res = await admin.send('POST', `/api/employees/${e.id}/deactivate`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as EmployeeDto)).toMatchObject({ employmentStatus: 'inactive', permissions: { viewJobs: true } });
      expect((await admin.send('POST', `/api/employees/${e.id}/deactivate`)).status).toBe(200);
      const entries = await audit(e.id);
      expect(entries.map((x) => x.action)).toEqual(['deactivate', 'create']);
      expect(entries[0]!.changes).toEqual([{ field: 'employmentStatus', from: 'active', to: 'inactive' }]);
      expect((await admin.send('POST', '/api/employees/emp-nobody/deactivate')).status).toBe(404);
    });
  });
});

describe('deactivation takes effect at once', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await listenTestApp();
  });
  afterAll(() => t.close());

  const state = async (c: TestClient) => ((await (await c.get('/api/session')).json()) as { state: string; user: { id: string } | null }).state;

  it("[R-AUTH-3] [R-AUTH-4] deactivating Maria turns her very next request into 'other' without signing her out", async () => {
    const maria = await signedIn(t.url, DEMO.employee);
    const admin = await signedIn(t.url, DEMO.admin);
    expect(await state(maria)).toBe('employee');
    expect((await admin.send('POST', `/api/employees/${MARIA_ID}/deactivate`)).status).toBe(200);
    const s = (await (await maria.get('/api/session')).json()) as { state: string; user: { id: string } | null; permissions: Record<string, boolean> };
    expect(s.state).toBe('other');
    expect(s.user?.id).toBe(DEMO.employee);
    expect(Object.values(s.permissions).some(Boolean)).toBe(false);

    // And back: reactivating restores her record's permissions on the next request.
    expect((await admin.send('PATCH', `/api/employees/${MARIA_ID}`, { employmentStatus: 'active' })).status).toBe(200);
    expect(await state(maria)).toBe('employee');
  });

  it('[R-AUTH-3] a permission granted to Maria applies on her next request', async () => {
    const maria = await signedIn(t.url, DEMO.employee);
    const admin = await signedIn(t.url, DEMO.admin);
    const perms = async () => ((await (await maria.get('/api/session')).json()) as { permissions: Record<string, boolean> }).permissions;
    expect((await perms())['editClients']).toBe(false);
    await admin.send('PATCH', `/api/employees/${MARIA_ID}`, { permissions: { editClients: true } });
    expect(await perms()).toMatchObject({ viewClients: true, editClients: true });
  });
});

describe('security log', () => {
  let t: ListeningTestApp;
  const warnings: unknown[][] = [];
  beforeAll(async () => {
    t = await listenTestApp({}, (app) => {
      app.addHook('onRequest', async (req) => {
        const warn = req.log.warn.bind(req.log);
        req.log.warn = ((...args: unknown[]) => {
          warnings.push(args);
          return (warn as (...a: unknown[]) => void)(...args);
        }) as typeof req.log.warn;
      });
    });
  });
  afterAll(() => t.close());

  const accessEvents = () => warnings.filter(([obj]) => (obj as { security?: string }).security === 'employee access changed');

  it('permission and status changes are logged as security events with the diff and no secrets; other edits are not', async () => {
    const admin = await signedIn(t.url, DEMO.admin);
    const created = (await (await admin.send('POST', '/api/employees', anEmployeeInput())).json()) as EmployeeDto;
    warnings.length = 0;

    await admin.send('PATCH', `/api/employees/${created.id}`, { title: 'Office' });
    expect(accessEvents()).toEqual([]);

    await admin.send('PATCH', `/api/employees/${created.id}`, { permissions: { editInvoices: true } });
    await admin.send('POST', `/api/employees/${created.id}/deactivate`);
    const events = accessEvents().map(([obj]) => obj as { employeeId: string; action: string; userId: string; changes: { field: string }[] });
    expect(events.map((e) => [e.action, e.changes.map((c) => c.field)])).toEqual([
      ['update', ['permissions.viewInvoices', 'permissions.editInvoices']],
      ['deactivate', ['employmentStatus']],
    ]);
    expect(events[0]).toMatchObject({ employeeId: created.id, userId: DEMO.admin });
    const logged = JSON.stringify(accessEvents());
    const token = await admin.csrfToken();
    expect(logged).not.toContain(token);
    for (const cookie of admin.cookieHeader().split('; ')) expect(logged).not.toContain(cookie.split('=')[1]);
  });
});
