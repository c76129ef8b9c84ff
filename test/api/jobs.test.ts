import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import ical, { type VEvent } from 'node-ical';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import type { ClientInput, ClientView, ClientRelatedResponse } from '../../src/contracts/clients.ts';
import type { InventoryItemDto, SerialDto } from '../../src/contracts/inventory.ts';
import type {
  BoardResponse,
  AssigneesResponse,
  CalendarResponse,
  CreateJobRequest,
  FeedStatusDto,
  JobDto,
  JobListResponse,
  JobViewResponse,
  MyJobsResponse,
  ScheduleResponse,
} from '../../src/contracts/jobs.ts';

let n = 0;
const aClient = (): ClientInput => {
  n += 1;
  return { kind: 'residential', name: `Jobs Client ${n}`, sites: [{ label: 'Home', address: { line1: `${n} Oak Avenue`, city: 'Springfield', postcode: '62701' } }] };
};
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const pngDataUrl = async () => `data:image/png;base64,${(await sharp({ create: { width: 60, height: 20, channels: 4, background: '#123456' } }).png().toBuffer()).toString('base64')}`;

describe('jobs API', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let client: ClientView;

  const newJob = async (overrides: Partial<CreateJobRequest> = {}) =>
    expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'install', title: 'Alarm install', ...overrides }), 201);
  const schedule = async (id: string, window: { start: string; end: string } | null, assignees?: string[]) =>
    expectJson<ScheduleResponse>(await admin.send('PUT', `/api/jobs/${id}/schedule`, { window, ...(assignees ? { assignees } : {}) }), 200);
  const setStatus = (c: TestClient, id: string, status: string) => c.send('POST', `/api/jobs/${id}/status`, { status });

  beforeAll(async () => {
    t = await listenTestApp();
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    maria = await TestClient.signedIn(t.url, DEMO.employee);
    client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClient()), 201);
  });
  afterAll(() => t.close());

  it('opens a job for a client site with the next number and the site address; the client page lists it', async () => {
    const job = await newJob({ checklist: ['Mount panel', 'Test sirens'] });
    expect(job).toMatchObject({ status: 'unscheduled', clientId: client.id, siteId: client.sites[0]!.id, siteAddress: expect.stringContaining('Oak Avenue') });
    expect(job.number).toMatch(/^JOB-\d{4}$/);
    expect(job.checklist.map((c) => c.text)).toEqual(['Mount panel', 'Test sirens']);
    const related = await expectJson<ClientRelatedResponse>(await admin.get(`/api/clients/${client.id}/related`), 200);
    expect(related.jobs).toContainEqual(expect.objectContaining({ id: job.id, number: job.number, status: 'unscheduled', siteId: job.siteId }));
    const view = await expectJson<JobViewResponse>(await maria.get(`/api/jobs/${job.id}`), 200);
    expect(view.history.map((h) => h.action)).toEqual(['create']);
  });

  it('refuses a site of another client', async () => {
    const other = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClient()), 201);
    const res = await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: other.sites[0]!.id, type: 'service', title: 'Wrong site' });
    expect(res.status).toBe(400);
  });

  it('concurrent creations get distinct, gapless numbers', async () => {
    const jobs = await Promise.all(Array.from({ length: 25 }, (_, i) => newJob({ title: `Concurrent ${i}` })));
    const seqs = jobs.map((j) => Number(j.number.slice(4))).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(25);
    expect(seqs.at(-1)! - seqs[0]!).toBe(24);
    const counter = await t.container.resolve(TOKENS.Store).collection('counters').get('jobs');
    expect(counter?.['value']).toBe(seqs.at(-1));
  });

  it('moves along the transition table and refuses invalid moves with a reason', async () => {
    const job = await newJob({ type: 'service' });
    const refused = await setStatus(admin, job.id, 'completed');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/cannot become completed/);
    expect((await setStatus(admin, job.id, 'scheduled')).status).toBe(409); // no window yet
    const s = await schedule(job.id, { start: hoursFromNow(48), end: hoursFromNow(50) });
    expect(s.job.status).toBe('scheduled');
    for (const status of ['in-progress', 'on-hold', 'in-progress', 'completed']) await expectJson<JobDto>(await setStatus(admin, job.id, status), 200);
    expect((await setStatus(admin, job.id, 'scheduled')).status).toBe(409);
    const view = await expectJson<JobViewResponse>(await admin.get(`/api/jobs/${job.id}`), 200);
    expect(view.history.filter((h) => h.action === 'status').map((h) => h.changes.find((c) => c.field === 'status')?.to)).toEqual([
      'completed',
      'in-progress',
      'on-hold',
      'in-progress',
    ]);
  });

  it('assigning an employee whose other job overlaps warns but saves', async () => {
    const first = await newJob({ title: 'Morning install' });
    const second = await newJob({ title: 'Overlapping service', type: 'service' });
    const w = { start: hoursFromNow(100), end: hoursFromNow(104) };
    expect((await schedule(first.id, w, ['emp-maria'])).warnings).toEqual([]);
    const clash = await schedule(second.id, { start: hoursFromNow(103), end: hoursFromNow(105) }, ['emp-maria']);
    expect(clash.job.assignees).toEqual(['emp-maria']);
    expect(clash.warnings).toEqual([expect.objectContaining({ employeeId: 'emp-maria', jobId: first.id, number: first.number })]);
    const apart = await schedule(second.id, { start: hoursFromNow(104), end: hoursFromNow(105) });
    expect(apart.warnings).toEqual([]);
    expect((await admin.send('PUT', `/api/jobs/${second.id}/schedule`, { assignees: ['emp-tom'] })).status).toBe(400); // inactive
    // Unassigning takes the job off Maria's schedule (the per-employee index follows).
    const mariaWindow = `/api/jobs?employee=emp-maria&sort=scheduledStart&dir=asc&from=${w.start}&limit=100`;
    expect((await expectJson<JobListResponse>(await admin.get(mariaWindow), 200)).jobs.map((j) => j.id)).toEqual([first.id, second.id]);
    await schedule(first.id, w, []);
    expect((await expectJson<JobListResponse>(await admin.get(mariaWindow), 200)).jobs.map((j) => j.id)).toEqual([second.id]);
  });

  it('the week calendar names the double-booked visits, whatever the type filter shows; back-to-back and other people are not clashes', async () => {
    const install = await newJob({ title: 'Week clash install' });
    const service = await newJob({ title: 'Week clash service', type: 'service' });
    const after = await newJob({ title: 'Back-to-back visit' });
    const other = await newJob({ title: 'Somebody else at the same time' });
    await schedule(install.id, { start: hoursFromNow(900), end: hoursFromNow(904) }, ['emp-maria']);
    await schedule(service.id, { start: hoursFromNow(903), end: hoursFromNow(905) }, ['emp-maria']);
    await schedule(after.id, { start: hoursFromNow(905), end: hoursFromNow(906) }, ['emp-maria']);
    await schedule(other.id, { start: hoursFromNow(900), end: hoursFromNow(904) }, []);
    const range = `from=${hoursFromNow(890)}&to=${hoursFromNow(920)}`;
    const week = await expectJson<CalendarResponse>(await admin.get(`/api/jobs/calendar?${range}`), 200);
    expect(week.jobs.map((j) => j.id)).toEqual(expect.arrayContaining([install.id, service.id, after.id, other.id]));
    expect([...week.doubleBooked].sort()).toEqual([install.id, service.id].sort());
    // Only installs shown: the install still clashes with the hidden service visit.
    const installs = await expectJson<CalendarResponse>(await admin.get(`/api/jobs/calendar?${range}&type=install`), 200);
    expect(installs.jobs.map((j) => j.id)).not.toContain(service.id);
    expect(installs.doubleBooked).toEqual([install.id]);
    // A cancelled visit clashes with nobody.
    expect((await setStatus(admin, service.id, 'cancelled')).status).toBe(200);
    expect((await expectJson<CalendarResponse>(await admin.get(`/api/jobs/calendar?${range}`), 200)).doubleBooked).toEqual([]);
  });

  it('the assignees answer names the signed-in employee (me) and nobody for an admin without an employee record', async () => {
    expect((await expectJson<AssigneesResponse>(await maria.get('/api/jobs/assignees'), 200)).me).toBe('emp-maria');
    expect((await expectJson<AssigneesResponse>(await admin.get('/api/jobs/assignees'), 200)).me).toBeNull();
  });

  it('the week calendar includes a long job that started before the week', async () => {
    const long = await newJob({ title: 'Long commercial install' });
    await schedule(long.id, { start: hoursFromNow(500), end: hoursFromNow(500 + 24 * 5) }, ['emp-maria']);
    const weekAfter = `from=${hoursFromNow(560)}&to=${hoursFromNow(560 + 24 * 7)}`;
    expect((await expectJson<CalendarResponse>(await admin.get(`/api/jobs/calendar?${weekAfter}`), 200)).jobs.map((j) => j.id)).toContain(long.id);
    expect((await expectJson<CalendarResponse>(await admin.get(`/api/jobs/calendar?${weekAfter}&employee=emp-maria`), 200)).jobs.map((j) => j.id)).toContain(long.id);
    const later = `from=${hoursFromNow(700)}&to=${hoursFromNow(700 + 24 * 7)}`;
    expect((await expectJson<CalendarResponse>(await admin.get(`/api/jobs/calendar?${later}`), 200)).jobs.map((j) => j.id)).not.toContain(long.id);
  });

  it('materials go through the inventory use movement: stock drops and the serial is installed at the job and site', async () => {
    const item = await expectJson<InventoryItemDto>(
      await admin.send('POST', '/api/inventory/items', { sku: 'JOB-CAM-1', name: 'Job test panel', category: 'panel', unitCostCents: 100, unitPriceCents: 200, reorderPoint: 0, reorderQuantity: 0, serialized: true }),
      201,
    );
    await expectJson(await admin.send('POST', `/api/inventory/items/${item.id}/movements`, { kind: 'receive', quantity: 2, serials: ['JC-1', 'JC-2'] }), 201);
    const job = await newJob();
    expect((await maria.send('POST', `/api/jobs/${job.id}/materials`, { itemId: item.id, quantity: 1, serials: ['JC-2'] })).status).toBe(409); // unscheduled
    await schedule(job.id, { start: hoursFromNow(1), end: hoursFromNow(3) });
    const wrong = await maria.send('POST', `/api/jobs/${job.id}/materials`, { itemId: item.id, quantity: 1, serials: ['NOPE-9'] });
    expect(wrong.status).toBe(409);
    const after = await expectJson<JobDto>(await maria.send('POST', `/api/jobs/${job.id}/materials`, { itemId: item.id, quantity: 1, serials: ['JC-2'] }), 201);
    expect(after.materials).toEqual([expect.objectContaining({ itemId: item.id, sku: 'JOB-CAM-1', quantity: 1, serials: ['JC-2'], by: 'Maria Lopez' })]);
    const stock = await expectJson<{ item: InventoryItemDto }>(await admin.get(`/api/inventory/items/${item.id}`), 200);
    expect(stock.item.onHand).toBe(1);
    const serial = await expectJson<SerialDto>(await admin.get(`/api/inventory/items/${item.id}/serials/JC-2`), 200);
    expect(serial).toMatchObject({ status: 'installed', jobId: job.id, siteId: job.siteId });
  });

  it('an install cannot be completed without the customer sign-off; the signature is stored as a PNG file', async () => {
    const job = await newJob();
    await schedule(job.id, { start: hoursFromNow(1), end: hoursFromNow(2) });
    await expectJson(await setStatus(maria, job.id, 'in-progress'), 200);
    const refused = await setStatus(maria, job.id, 'completed');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/sign-off/);
    const notPng = await maria.send('POST', `/api/jobs/${job.id}/sign-off`, { name: 'Ada Client', signature: `data:image/png;base64,${Buffer.from('<svg/>'.repeat(20)).toString('base64')}` });
    expect(notPng.status).toBe(400);
    const signed = await expectJson<JobDto>(await maria.send('POST', `/api/jobs/${job.id}/sign-off`, { name: ' Ada Client ', signature: await pngDataUrl() }), 200);
    expect(signed.signOff).toMatchObject({ name: 'Ada Client', recordedBy: 'Maria Lopez' });
    const sig = await admin.get(`/api/jobs/${job.id}/signature`);
    expect(sig.status).toBe(200);
    expect(sig.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await sig.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    expect((await expectJson<JobDto>(await setStatus(maria, job.id, 'completed'), 200)).status).toBe('completed');
  });

  it('completing with unticked checklist items is refused unless acknowledged; the history names the items', async () => {
    const job = await newJob({ type: 'service', checklist: ['Replace DSC panel battery', 'Test siren', 'Program key fobs'] });
    await schedule(job.id, { start: hoursFromNow(1), end: hoursFromNow(2) });
    await expectJson(await setStatus(maria, job.id, 'in-progress'), 200);
    await expectJson(await maria.send('POST', `/api/jobs/${job.id}/checklist`, { action: 'tick', itemId: job.checklist[0]!.id, done: true }), 200);
    const refused = await setStatus(maria, job.id, 'completed');
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { message: string; fields: Record<string, string[]> } };
    expect(body.error.message).toMatch(/^2 checklist items are not ticked: Test siren, Program key fobs\./);
    expect(body.error.fields.checklist).toHaveLength(1);
    expect((await expectJson<JobViewResponse>(await maria.get(`/api/jobs/${job.id}`), 200)).job.status).toBe('in-progress');
    const done = await expectJson<JobDto>(await maria.send('POST', `/api/jobs/${job.id}/status`, { status: 'completed', acknowledgeUnticked: true }), 200);
    expect(done.status).toBe('completed');
    const view = await expectJson<JobViewResponse>(await admin.get(`/api/jobs/${job.id}`), 200);
    const entry = view.history.find((h) => h.action === 'status' && h.changes.some((c) => c.field === 'status' && c.to === 'completed'));
    expect(entry?.changes).toContainEqual({ field: 'completedWithUnticked', from: null, to: 'Test siren; Program key fobs' });
  });

  it("the job prints its site's address line 2, also when it was added to the site after the job was opened", async () => {
    const own = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClient()), 201);
    const site = own.sites[0]!;
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: own.id, siteId: site.id, type: 'service', title: 'Keypad swap' }), 201);
    expect(job.siteAddress).not.toMatch(/Apartment 12B/);
    await expectJson(await admin.send('PATCH', `/api/clients/${own.id}/sites/${site.id}`, { address: { line1: site.address.line1, line2: 'Apartment 12B', city: 'Springfield', postcode: '62701' } }), 200);
    const view = await expectJson<JobViewResponse>(await maria.get(`/api/jobs/${job.id}`), 200);
    expect(view.job.siteAddress).toMatch(/Oak Avenue, Apartment 12B, Springfield/);
  });

  it('photos are checked by their bytes', async () => {
    const job = await newJob();
    const upload = async (bytes: Uint8Array, type: string) => {
      const form = new FormData();
      form.append('photo', new Blob([bytes], { type }), 'site.png');
      return admin.raw(`/api/jobs/${job.id}/photos`, { method: 'POST', body: form, headers: { origin: t.url, 'x-csrf-token': await admin.csrfToken() } });
    };
    expect((await upload(new TextEncoder().encode('not really a picture at all'), 'image/png')).status).toBe(400);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const saved = await expectJson<JobDto>(await upload(new Uint8Array(png), 'image/png'), 201);
    expect(saved.photos).toEqual([expect.objectContaining({ contentType: 'image/png', size: png.byteLength })]);
    const back = await maria.get(`/api/jobs/${job.id}/photos/${saved.photos[0]!.id}`);
    expect(Buffer.from(await back.arrayBuffer()).equals(png)).toBe(true);
    expect(back.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('lists with filters, search and cursor paging; the board groups by status; the week calendar shows windows', async () => {
    const tagged = await newJob({ title: 'Zebracrossing camera upgrade', type: 'panel-upgrade' });
    const w = { start: hoursFromNow(200), end: hoursFromNow(202) };
    await schedule(tagged.id, w, ['emp-maria']);
    const found = await expectJson<JobListResponse>(await maria.get('/api/jobs?q=zebracro'), 200);
    expect(found.jobs.map((j) => j.id)).toEqual([tagged.id]);
    const byNumber = await expectJson<JobListResponse>(await maria.get(`/api/jobs?q=${tagged.number}`), 200);
    expect(byNumber.jobs.map((j) => j.id)).toEqual([tagged.id]);
    const typed = await expectJson<JobListResponse>(await maria.get('/api/jobs?type=panel-upgrade&status=scheduled&employee=emp-maria'), 200);
    expect(typed.jobs.map((j) => j.id)).toEqual([tagged.id]);
    const p1 = await expectJson<JobListResponse>(await maria.get('/api/jobs?limit=5&sort=number&dir=asc'), 200);
    const p2 = await expectJson<JobListResponse>(await maria.get(`/api/jobs?limit=5&sort=number&dir=asc&cursor=${p1.nextCursor}`), 200);
    expect(p2.jobs[0]!.number > p1.jobs[4]!.number).toBe(true);
    const board = await expectJson<BoardResponse>(await maria.get('/api/jobs/board?type=panel-upgrade'), 200);
    expect(board.columns.map((c) => c.status)).toEqual(['unscheduled', 'scheduled', 'in-progress', 'on-hold', 'completed', 'cancelled']);
    expect(board.columns.find((c) => c.status === 'scheduled')!.jobs.map((j) => j.id)).toContain(tagged.id);
    const week = await expectJson<CalendarResponse>(await maria.get(`/api/jobs/calendar?from=${hoursFromNow(190)}&to=${hoursFromNow(230)}&employee=emp-maria`), 200);
    expect(week.jobs.map((j) => j.id)).toContain(tagged.id);
    const otherWeek = await expectJson<CalendarResponse>(await maria.get(`/api/jobs/calendar?from=${hoursFromNow(300)}&to=${hoursFromNow(400)}`), 200);
    expect(otherWeek.jobs.map((j) => j.id)).not.toContain(tagged.id);
  });

  it("the employee's own jobs: today's and upcoming, with checklist ticking", async () => {
    const today = await newJob({ title: 'Today job', checklist: ['Walk the site'] });
    await schedule(today.id, { start: hoursFromNow(-0.5), end: hoursFromNow(0.5) }, ['emp-maria']);
    const later = await newJob({ title: 'Later job' });
    await schedule(later.id, { start: hoursFromNow(24 * 5), end: hoursFromNow(24 * 5 + 2) }, ['emp-maria']);
    const mine = await expectJson<MyJobsResponse>(await maria.get('/api/jobs/mine'), 200);
    expect(mine.today.map((j) => j.id)).toContain(today.id);
    expect(mine.upcoming.map((j) => j.id)).toContain(later.id);
    expect(mine.today.map((j) => j.id)).not.toContain(later.id);
    const ticked = await expectJson<JobDto>(await maria.send('POST', `/api/jobs/${today.id}/checklist`, { action: 'tick', itemId: today.checklist[0]!.id, done: true }), 200);
    expect(ticked.checklist[0]).toMatchObject({ done: true, doneBy: 'Maria Lopez' });
    expect((await expectJson<MyJobsResponse>(await admin.get('/api/jobs/mine'), 200)).today).toEqual([]);
  });

  it("the technician's card and the job drawer carry the client's phone, to call from the job", async () => {
    const withPhone = await expectJson<ClientView>(
      await admin.send('POST', '/api/clients', { ...aClient(), contacts: [{ name: 'Rosa Delgado', role: 'Owner', emails: [], phones: ['(217) 555-0142'] }] }),
      201,
    );
    const job = await newJob({ clientId: withPhone.id, siteId: withPhone.sites[0]!.id, title: 'Call-ahead job' });
    await schedule(job.id, { start: hoursFromNow(30), end: hoursFromNow(32) }, ['emp-maria']);
    const mine = await expectJson<MyJobsResponse>(await maria.get('/api/jobs/mine'), 200);
    expect(mine.upcoming.find((j) => j.id === job.id)?.clientPhone).toBe('(217) 555-0142');
    expect((await expectJson<JobViewResponse>(await maria.get(`/api/jobs/${job.id}`), 200)).job.clientPhone).toBe('(217) 555-0142');
    expect((await expectJson<JobViewResponse>(await maria.get(`/api/jobs/${(await newJob()).id}`), 200)).job.clientPhone).toBeNull();
  });

  it('the board shows finished work of the last 90 days; the list keeps it all', async () => {
    const old = await newJob({ type: 'inspection', title: 'Old inspection' });
    await schedule(old.id, { start: hoursFromNow(-24 * 100), end: hoursFromNow(-24 * 100 + 2) });
    for (const status of ['in-progress', 'completed']) await expectJson(await setStatus(admin, old.id, status), 200);
    const recent = await newJob({ type: 'inspection', title: 'Recent inspection' });
    await schedule(recent.id, { start: hoursFromNow(-24 * 3), end: hoursFromNow(-24 * 3 + 2) });
    for (const status of ['in-progress', 'completed']) await expectJson(await setStatus(admin, recent.id, status), 200);
    const board = await expectJson<BoardResponse>(await admin.get('/api/jobs/board?type=inspection'), 200);
    expect(board.columns.find((c) => c.status === 'completed')!.jobs.map((j) => j.id)).toEqual([recent.id]);
    const list = await expectJson<JobListResponse>(await admin.get('/api/jobs?type=inspection&status=completed'), 200);
    expect(list.jobs.map((j) => j.id).sort()).toEqual([old.id, recent.id].sort());
  });

  it('a prewire creates its linked trim-out once', async () => {
    const prewire = await newJob({ type: 'prewire', title: 'Prewire: new build lot 4' });
    const trim = await expectJson<JobDto>(await admin.send('POST', `/api/jobs/${prewire.id}/trim-out`), 201);
    expect(trim).toMatchObject({ type: 'trim-out', parentJobId: prewire.id, clientId: prewire.clientId, siteId: prewire.siteId, title: 'Trim-out: new build lot 4' });
    expect((await expectJson<JobViewResponse>(await admin.get(`/api/jobs/${prewire.id}`), 200)).job.trimOutJobId).toBe(trim.id);
    expect((await admin.send('POST', `/api/jobs/${prewire.id}/trim-out`)).status).toBe(409);
    // Links and history read numbers and titles, not ids.
    const view = await expectJson<JobViewResponse>(await admin.get(`/api/jobs/${prewire.id}`), 200);
    expect(view.related.trimOut).toEqual({ id: trim.id, number: trim.number, title: 'Trim-out: new build lot 4' });
    expect(view.history.find((e) => e.action === 'trim-out-created')?.changes).toEqual([{ field: 'trimOutJob', from: null, to: `${trim.number} Trim-out: new build lot 4` }]);
    expect((await expectJson<JobViewResponse>(await admin.get(`/api/jobs/${trim.id}`), 200)).related.parent).toMatchObject({ number: prewire.number, title: 'Prewire: new build lot 4' });
  });

  it('the history names the people put on a job, not their ids', async () => {
    const job = await newJob({ title: 'Camera swap at the marina office' });
    await schedule(job.id, { start: hoursFromNow(24 * 40), end: hoursFromNow(24 * 40 + 2) }, ['emp-maria']);
    const view = await expectJson<JobViewResponse>(await admin.get(`/api/jobs/${job.id}`), 200);
    const assigned = view.history.flatMap((e) => e.changes).find((c) => c.field === 'assignees');
    expect(assigned).toEqual({ field: 'assignees', from: null, to: 'Maria Lopez' });
    expect(JSON.stringify(view.history)).not.toContain('emp-maria');
  });

  it('view-only users read but every edit is refused', async () => {
    const job = await newJob();
    const employees = t.container.resolve(TOKENS.Store).collection('employees');
    await employees.update('emp-maria', { 'permissions.editJobs': false });
    try {
      expect((await maria.get(`/api/jobs/${job.id}`)).status).toBe(200);
      expect((await maria.send('PATCH', `/api/jobs/${job.id}`, { title: 'Hijacked' })).status).toBe(403);
      expect((await setStatus(maria, job.id, 'cancelled')).status).toBe(403);
      expect((await maria.send('POST', `/api/jobs/${job.id}/checklist`, { action: 'add', text: 'x' })).status).toBe(403);
    } finally {
      await employees.update('emp-maria', { 'permissions.editJobs': true });
    }
    const casey = new TestClient(t.url);
    await casey.signIn(DEMO.other);
    expect((await casey.get('/api/jobs')).status).toBe(403);
  });

  it('the iCalendar feed: secret URL, readable without a session, regenerable and revocable', async () => {
    const job = await newJob({ title: 'Feed job; with, commas' });
    const w = { start: hoursFromNow(30), end: hoursFromNow(32) };
    await schedule(job.id, w, ['emp-maria']);
    expect((await expectJson<FeedStatusDto>(await maria.get('/api/jobs/calendar-feed'), 200)).active).toBe(false);
    const made = await expectJson<FeedStatusDto>(await maria.send('POST', '/api/jobs/calendar-feed'), 200);
    expect(made.path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const anonymous = new TestClient(t.url);
    const res = await anonymous.get(made.path!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const parsed = ical.sync.parseICS(await res.text());
    const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
    const event = events.find((e) => String(e.summary).startsWith(job.number));
    expect(event).toMatchObject({ summary: `${job.number} Feed job; with, commas`, location: expect.stringContaining('Oak Avenue') });
    const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000;
    expect((event as { start: Date }).start.getTime()).toBe(seconds(w.start));
    expect((event as { end: Date }).end.getTime()).toBe(seconds(w.end));
    // Regenerating kills the old URL; an admin can revoke anyone's.
    const again = await expectJson<FeedStatusDto>(await maria.send('POST', '/api/jobs/calendar-feed'), 200);
    expect((await anonymous.get(made.path!)).status).toBe(404);
    expect((await anonymous.get(again.path!)).status).toBe(200);
    await expectJson(await admin.send('DELETE', '/api/jobs/calendar-feeds/emp-maria'), 200);
    expect((await anonymous.get(again.path!)).status).toBe(404);
    expect((await anonymous.get('/api/calendar/not-a-token.ics')).status).toBe(404);
    expect((await maria.send('DELETE', '/api/jobs/calendar-feeds/emp-maria')).status).toBe(403);
  });
});
