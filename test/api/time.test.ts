import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { JobDto } from '../../src/contracts/jobs.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import type { EmployeeWeekDto, MyClockDto, TimeEntryDto, WeekTimesheetsDto } from '../../src/contracts/time.ts';
import type { ApiError } from '../../src/contracts/errors.ts';

const MARIA_ID = 'emp-maria';
/** A past week in Chicago time (CST, UTC−6): Monday 2 March 2026. Entries are moved there by admin edits. */
const WEEK = '2026-03-02';
const localIso = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-06:00`).toISOString();

async function signedIn(url: string, sub: string): Promise<TestClient> {
  const c = new TestClient(url);
  await c.signIn(sub);
  return c;
}

const json = async <T,>(res: Response): Promise<T> => (await res.json()) as T;

describe('/api/time', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  beforeAll(async () => {
    t = await listenTestApp();
    [admin, maria] = await Promise.all([signedIn(t.url, DEMO.admin), signedIn(t.url, DEMO.employee)]);
  });
  afterAll(() => t.close());

  /** Maria clocks in and out now, then an admin moves the entry to `day` from..to (local) with a reason. */
  async function shift(day: string, from: string, to: string, breaks: [string, string][] = []): Promise<TimeEntryDto> {
    const inRes = await maria.send('POST', '/api/time/me/clock-in', {});
    expect(inRes.status).toBe(201);
    const entry = await json<TimeEntryDto>(inRes);
    expect((await maria.send('POST', '/api/time/me/clock-out', {})).status).toBe(200);
    const res = await admin.send('PATCH', `/api/time/entries/${entry.id}`, {
      reason: 'Entered from the paper timesheet',
      clockIn: localIso(day, from),
      clockOut: localIso(day, to),
      breaks: breaks.map(([s, e]) => ({ start: localIso(day, s), end: localIso(day, e) })),
    });
    expect(res.status).toBe(200);
    return json<TimeEntryDto>(res);
  }

  /** A job made by the admin, assigned to `assignees` (employee record ids) tomorrow. */
  async function aJob(title: string, assignees: string[]): Promise<JobDto> {
    const client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ sites: [{ label: 'Home', address: { line1: '12 Oak Avenue', city: 'Springfield', postcode: '62701' } }] as never })), 201);
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'install', title }), 201);
    const start = new Date(Date.now() + 24 * 3_600_000);
    const window = { start: start.toISOString(), end: new Date(start.getTime() + 2 * 3_600_000).toISOString() };
    await expectJson(await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window, assignees }), 200);
    return job;
  }

  it('Maria clocks in against a job, takes a break, clocks out; her state and week read back', async () => {
    const before = await json<MyClockDto>(await maria.get('/api/time/me'));
    expect(before).toMatchObject({ worker: { id: MARIA_ID, name: 'Maria Lopez' }, open: null });

    const job = await aJob('Install at Oak St', [MARIA_ID]);
    const inRes = await maria.send('POST', '/api/time/me/clock-in', { jobId: job.id });
    expect(inRes.status).toBe(201);
    const again = await maria.send('POST', '/api/time/me/clock-in', {});
    expect(again.status).toBe(409);
    expect((await json<ApiError>(again)).error.message).toContain('already clocked in');

    expect((await maria.send('POST', '/api/time/me/break/end')).status).toBe(409);
    expect((await maria.send('POST', '/api/time/me/break/start')).status).toBe(200);
    const onBreak = await json<MyClockDto>(await maria.get('/api/time/me'));
    expect(onBreak.open).toMatchObject({ onBreak: true, job: { jobId: job.id, jobNumber: job.number, jobTitle: 'Install at Oak St' }, status: 'open' });
    expect((await maria.send('POST', '/api/time/me/break/end')).status).toBe(200);

    const out = await maria.send('POST', '/api/time/me/clock-out', { note: 'Wired the panel' });
    expect(out.status).toBe(200);
    expect(await json<TimeEntryDto>(out)).toMatchObject({ status: 'submitted', note: 'Wired the panel', onBreak: false });
    expect((await maria.send('POST', '/api/time/me/clock-out', {})).status).toBe(409);
    expect((await maria.send('POST', '/api/time/me/break/start')).status).toBe(409);

    const week = await json<EmployeeWeekDto>(await maria.get('/api/time/me/week'));
    expect(week.entries.some((e) => e.note === 'Wired the panel' && e.breaks.length === 1)).toBe(true);
  });

  it('clock-in takes the job from the server: a missing job or one assigned to someone else is refused; number and title come from the job', async () => {
    const missing = await maria.send('POST', '/api/time/me/clock-in', { jobId: 'no-such-job', jobNumber: 'JOB-9999', jobTitle: 'Invented job' });
    expect(missing.status).toBe(404);
    expect((await json<ApiError>(missing)).error.message).toContain('no job');
    const notHers = await aJob('Someone else’s install', []);
    const refused = await maria.send('POST', '/api/time/me/clock-in', { jobId: notHers.id });
    expect(refused.status).toBe(403);
    expect((await json<ApiError>(refused)).error.message).toContain(`${notHers.number} is not assigned to you`);
    expect(await json<MyClockDto>(await maria.get('/api/time/me'))).toMatchObject({ open: null });

    const hers = await aJob('Camera install at Elm Rd', [MARIA_ID]);
    const lied = await maria.send('POST', '/api/time/me/clock-in', { jobId: hers.id, jobNumber: 'JOB-0001', jobTitle: 'Free beer' });
    expect(lied.status).toBe(201);
    expect(await json<TimeEntryDto>(lied)).toMatchObject({ job: { jobId: hers.id, jobNumber: hers.number, jobTitle: 'Camera install at Elm Rd' } });
    expect((await maria.send('POST', '/api/time/me/clock-out', {})).status).toBe(200);
  });

  it('of two clock-ins sent at once, exactly one is accepted', async () => {
    const statuses = (await Promise.all([maria.send('POST', '/api/time/me/clock-in', {}), maria.send('POST', '/api/time/me/clock-in', {})])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const open = await t.container.resolve(TOKENS.Store).collection('time_entries').count();
    expect(open).toBeGreaterThan(0);
    expect((await maria.send('POST', '/api/time/me/clock-out', {})).status).toBe(200);
  });

  it('who may do what: Maria sees only her own time; inactive and outside users are refused; an admin without a record has no clock', async () => {
    for (const path of ['/api/time/timesheets', `/api/time/timesheets/${MARIA_ID}`, '/api/time/export.csv']) {
      expect({ path, status: (await maria.get(path)).status }).toEqual({ path, status: 403 });
    }
    expect((await maria.send('POST', `/api/time/timesheets/${MARIA_ID}/approve`, { week: WEEK })).status).toBe(403);
    expect((await maria.send('PATCH', '/api/time/entries/whatever', { reason: 'sneaky edit', note: 'x' })).status).toBe(403);
    for (const sub of [DEMO.inactive, DEMO.other]) {
      const c = await signedIn(t.url, sub);
      expect((await c.get('/api/time/me')).status).toBe(403);
      expect((await c.send('POST', '/api/time/me/clock-in', {})).status).toBe(403);
    }
    expect((await new TestClient(t.url).get('/api/time/me')).status).toBe(401);
    expect(await json<MyClockDto>(await admin.get('/api/time/me'))).toEqual({ worker: null, open: null, week: null });
    const refused = await admin.send('POST', '/api/time/me/clock-in', {});
    expect(refused.status).toBe(404);
    expect((await json<ApiError>(refused)).error.message).toContain('no active employee record');
  });

  it('weekly timesheet: daily totals, overtime over 40 h, admin edits with history and audit', async () => {
    const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
    const entries: TimeEntryDto[] = [];
    for (const d of days) entries.push(await shift(d, '07:00', '17:00', [['12:00', '12:30']])); // 9.5 h each
    expect(entries[0]).toMatchObject({ workedMinutes: 570, breakMinutes: 30, date: '2026-03-02' });
    expect(entries[0]!.history).toMatchObject([
      { actorName: 'Frank Miller', action: 'edit', changes: expect.arrayContaining([{ field: 'reason', from: null, to: 'Entered from the paper timesheet' }]) },
    ]);

    const sheet = await json<WeekTimesheetsDto>(await admin.get(`/api/time/timesheets?week=2026-03-04`));
    expect(sheet.weekStart).toBe(WEEK);
    expect(sheet.overtimeWeeklyHours).toBe(40);
    const row = sheet.rows.find((r) => r.employeeId === MARIA_ID)!;
    expect(row.days.map((d) => d.minutes)).toEqual([570, 570, 570, 570, 570, 0, 0]);
    expect(row).toMatchObject({ totalMinutes: 2850, regularMinutes: 2400, overtimeMinutes: 450, approved: false });
    // Tom is inactive with no hours that week: not listed.
    expect(sheet.rows.map((r) => r.employeeName)).toEqual(['Maria Lopez']);

    const detail = await json<EmployeeWeekDto>(await admin.get(`/api/time/timesheets/${MARIA_ID}?week=${WEEK}`));
    expect(detail.entries).toHaveLength(5);

    const audit = await t.container.resolve(TOKENS.AuditLog).listFor('time-entry', entries[0]!.id, { limit: 10 });
    expect(audit[0]).toMatchObject({ action: 'edit', actorName: 'Frank Miller' });
    expect(audit[0]!.changes).toContainEqual({ field: 'reason', from: null, to: 'Entered from the paper timesheet' });

    const noReason = await admin.send('PATCH', `/api/time/entries/${entries[0]!.id}`, { reason: '', note: 'x' });
    expect(noReason.status).toBe(400);
  });

  it('approving a week locks its entries; unlocking needs a reason and allows edits again', async () => {
    const detail = await json<EmployeeWeekDto>(await admin.get(`/api/time/timesheets/${MARIA_ID}?week=${WEEK}`));
    const id = detail.entries[0]!.id;
    const approved = await admin.send('POST', `/api/time/timesheets/${MARIA_ID}/approve`, { week: WEEK });
    expect(approved.status).toBe(200);
    const body = await json<EmployeeWeekDto>(approved);
    expect(body.row).toMatchObject({ approved: true, approvedBy: 'Frank Miller' });
    expect(body.entries.every((e) => e.status === 'approved')).toBe(true);
    expect((await admin.send('POST', `/api/time/timesheets/${MARIA_ID}/approve`, { week: WEEK })).status).toBe(409);

    const locked = await admin.send('PATCH', `/api/time/entries/${id}`, { reason: 'late fix', note: 'changed' });
    expect(locked.status).toBe(409);
    expect((await json<ApiError>(locked)).error.message).toContain('approved');

    expect((await admin.send('POST', `/api/time/timesheets/${MARIA_ID}/unlock`, { week: WEEK, reason: '' })).status).toBe(400);
    const unlocked = await admin.send('POST', `/api/time/timesheets/${MARIA_ID}/unlock`, { week: WEEK, reason: 'Tuesday lunch was longer' });
    expect(unlocked.status).toBe(200);
    expect((await json<EmployeeWeekDto>(unlocked)).entries.every((e) => e.status === 'submitted')).toBe(true);
    expect((await admin.send('PATCH', `/api/time/entries/${id}`, { reason: 'late fix', note: 'changed' })).status).toBe(200);

    const trail = await t.container.resolve(TOKENS.AuditLog).listFor('timesheet', `${MARIA_ID}:${WEEK}`, { limit: 10 });
    expect(trail.map((e) => e.action)).toEqual(['unlock', 'approve']);
    expect(trail[0]!.changes).toContainEqual({ field: 'reason', from: null, to: 'Tuesday lunch was longer' });
    // The week's own approval history answers in the same shape as the trail, oldest first.
    const week = await json<EmployeeWeekDto>(await admin.get(`/api/time/timesheets/${MARIA_ID}?week=${WEEK}`));
    expect(week.approval?.history.map(({ actorName, entity, entityId, action, changes }) => ({ actorName, entity, entityId, action, changes }))).toEqual(
      [...trail].reverse().map(({ actorName, entity, entityId, action, changes }) => ({ actorName, entity, entityId, action, changes })),
    );
  });

  it('the payroll CSV lists entries in company time, and a weekly summary with overtime', async () => {
    const res = await admin.get(`/api/time/export.csv?week=${WEEK}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain(`hours-${WEEK}-to-2026-03-08.csv`);
    const rows = Papa.parse<Record<string, string>>(await res.text(), { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ Employee: 'Maria Lopez', Date: '2026-03-02', 'Clock in': '07:00', 'Clock out': '17:00', 'Break minutes': '30', 'Worked hours': '9.50', Edited: 'yes' });

    const sum = await admin.get(`/api/time/export.csv?from=2026-03-01&to=2026-03-08&kind=summary`);
    const summary = Papa.parse<Record<string, string>>(await sum.text(), { header: true, skipEmptyLines: true }).data;
    expect(summary).toEqual([
      { Employee: 'Maria Lopez', 'Employee ID': MARIA_ID, 'Week starting': WEEK, 'Regular hours': '40.00', 'Overtime hours': '7.50', 'Total hours': '47.50', Approved: 'no', 'Approved by': '' },
    ]);
    expect((await admin.get('/api/time/export.csv?from=2026-01-01&to=2026-12-31')).status).toBe(400);
    expect((await admin.get('/api/time/export.csv?from=2026-03-08&to=2026-03-01')).status).toBe(400);
  });

  it('an admin adds a shift that was never clocked, with a reason; overlaps and approved weeks are refused', async () => {
    const add = (body: unknown) => admin.send('POST', `/api/time/timesheets/${MARIA_ID}/entries`, body);
    const saturday = { clockIn: localIso('2026-03-07', '08:00'), clockOut: localIso('2026-03-07', '12:00'), breaks: [{ start: localIso('2026-03-07', '10:00'), end: localIso('2026-03-07', '10:15') }] };
    expect((await add({ ...saturday, reason: '' })).status).toBe(400);
    expect((await maria.send('POST', `/api/time/timesheets/${MARIA_ID}/entries`, { ...saturday, reason: 'my own hours' })).status).toBe(403);
    const res = await add({ ...saturday, reason: 'Alarm call-out, no phone signal', note: 'Call-out' });
    expect(res.status).toBe(201);
    const entry = await json<TimeEntryDto>(res);
    expect(entry).toMatchObject({ status: 'submitted', workedMinutes: 225, date: '2026-03-07', note: 'Call-out', history: [{ actorName: 'Frank Miller', action: 'add', changes: expect.arrayContaining([{ field: 'reason', from: null, to: 'Alarm call-out, no phone signal' }]) }],
    });

    const overlap = await add({ clockIn: localIso('2026-03-07', '11:00'), clockOut: localIso('2026-03-07', '13:00'), reason: 'second call-out' });
    expect(overlap.status).toBe(409);
    expect((await json<ApiError>(overlap)).error.message).toContain('overlaps');
    // Moving another entry onto it is refused the same way.
    const monday = (await json<EmployeeWeekDto>(await admin.get(`/api/time/timesheets/${MARIA_ID}?week=${WEEK}`))).entries[0]!;
    const moved = await admin.send('PATCH', `/api/time/entries/${monday.id}`, { reason: 'wrong day', clockIn: localIso('2026-03-07', '07:00'), clockOut: localIso('2026-03-07', '09:00'), breaks: [] });
    expect(moved.status).toBe(409);

    expect((await admin.send('POST', `/api/time/timesheets/${MARIA_ID}/approve`, { week: WEEK })).status).toBe(200);
    const locked = await add({ clockIn: localIso('2026-03-08', '08:00'), clockOut: localIso('2026-03-08', '09:00'), reason: 'Sunday check' });
    expect(locked.status).toBe(409);
    expect((await json<ApiError>(locked)).error.message).toContain('approved');
    const audit = await t.container.resolve(TOKENS.AuditLog).listFor('time-entry', entry.id, { limit: 5 });
    expect(audit.map((e) => e.action)).toEqual(['add']);
  });
});

