import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentJobRepository } from '../../src/adapters/documents/document-job-repository.ts';
import { DocumentTimeEntryRepository, TIME_ENTRIES } from '../../src/adapters/documents/document-time-entry-repository.ts';
import { DocumentEmployeeDirectory } from '../../src/adapters/documents/document-employee-directory.ts';
import { DocumentAuditLog } from '../../src/adapters/documents/document-audit-log.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import type { AuthState } from '../../src/domain/auth/permissions.ts';
import type { TimeDeps } from '../../src/application/time/time-deps.ts';
import { clockIn, clockOut, getMyClock } from '../../src/application/time/my-clock.ts';
import { approveEmployeeWeek, unlockEmployeeWeek } from '../../src/application/time/approve-week.ts';
import { editTimeEntry } from '../../src/application/time/edit-time-entry.ts';
import { addTimeEntry } from '../../src/application/time/add-time-entry.ts';
import { where } from '../../src/domain/persistence/query.ts';
import { tempDir } from '../support/temp-dir.ts';
import { rules } from '../unit/time/time-factories.ts';

/** The time-tracking use cases on real SQLite files: the one-open-entry guard under races. */
const user = (id: string, name: string) => ({ id, email: `${id}@example.com`, emailVerified: true, displayName: name, photoUrl: null });
const ADMIN: AuthState = { kind: 'admin', user: user('demo-admin-frank', 'Frank Miller') };
const MARIA: AuthState = {
  kind: 'employee',
  user: user('demo-employee-maria', 'Maria Lopez'),
  employee: { id: 'emp-maria', email: 'demo-employee-maria@example.com', employmentStatus: 'active', permissions: {}, name: 'Maria Lopez', phone: null, title: null, photoUrl: null },
};

describe('time entries on SQLite', () => {
  let dir: { path: string; remove: () => void };
  let stores: DocumentStore[];
  let now: number;
  const clock = { now: () => new Date(now) };
  const depsOn = (store: DocumentStore): TimeDeps => ({
    entries: new DocumentTimeEntryRepository(store, { next: () => randomUUID() }),
    employees: new DocumentEmployeeDirectory(store),
    jobs: new DocumentJobRepository(store),
    audit: new DocumentAuditLog(store, { next: () => randomUUID() }),
    clock,
    rules: rules(),
  });
  const open = () => {
    const s = openSqliteDocumentStore(join(dir.path, 'app.db'));
    stores.push(s);
    return s;
  };

  beforeEach(async () => {
    dir = tempDir('shieldline-time-');
    stores = [];
    now = Date.parse('2026-11-17T14:00:00.000Z');
    await open().collection('employees').create({ email: 'demo-employee-maria@example.com', employmentStatus: 'active', name: 'Maria Lopez', permissions: {}, phone: null, title: null, photoUrl: null }, 'emp-maria');
  });
  afterEach(async () => {
    for (const s of stores) await s.close();
    dir.remove();
  });

  const openEntries = async (store: DocumentStore) => (await store.collection(TIME_ENTRIES).query({ where: [where('clockOut', '==', null)] })).docs;

  it('clock-in against a job: the job comes from the store; an employee only on jobs assigned to them, an admin with a record on any open job', async () => {
    const store = open();
    await store.collection('jobs').create({ number: 'JOB-0042', title: 'Camera install, warehouse', status: 'scheduled', assignees: ['emp-tom'] }, 'job-42');
    await store.collection('jobs').create({ number: 'JOB-0043', title: 'Old service call', status: 'cancelled', assignees: ['emp-maria'] }, 'job-43');
    await store.collection('employees').create({ email: 'demo-admin-frank@example.com', employmentStatus: 'active', name: 'Frank Miller', permissions: {}, phone: null, title: null, photoUrl: null }, 'emp-frank');
    const deps = depsOn(store);
    await expect(clockIn(deps, MARIA, { jobId: 'job-42' })).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('JOB-0042 is not assigned to you') });
    await expect(clockIn(deps, MARIA, { jobId: 'job-43' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('JOB-0043 is cancelled') });
    await expect(clockIn(deps, MARIA, { jobId: 'job-404' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(clockIn(deps, ADMIN, { jobId: 'job-42' })).resolves.toMatchObject({ employeeId: 'emp-frank', job: { jobId: 'job-42', jobNumber: 'JOB-0042', jobTitle: 'Camera install, warehouse' } });
  });

  it('of two concurrent clock-ins through one store, exactly one succeeds', async () => {
    const store = stores[0]!;
    const deps = depsOn(store);
    const results = await Promise.allSettled([clockIn(deps, MARIA, { jobId: null }), clockIn(deps, MARIA, { jobId: null })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'conflict', message: expect.stringContaining('already clocked in') });
    expect(await openEntries(store)).toHaveLength(1);
  });

  it('of clock-ins racing through separate connections to one file, exactly one succeeds', async () => {
    const conns = [stores[0]!, open(), open(), open()];
    const results = await Promise.allSettled(conns.map((s) => clockIn(depsOn(s), MARIA, { jobId: null })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('conflict');
    expect(await openEntries(stores[0]!)).toHaveLength(1);
  });

  it('after clocking out the person may clock in again; the state reads back', async () => {
    const deps = depsOn(stores[0]!);
    await clockIn(deps, MARIA, { jobId: null });
    now += 4 * 3_600_000;
    await clockOut(deps, MARIA, { note: 'done' });
    now += 3_600_000;
    const second = await clockIn(deps, MARIA, { jobId: null });
    const state = await getMyClock(deps, MARIA);
    expect(state.open?.id).toBe(second.id);
    expect(state.week?.row.totalMinutes).toBe(240);
  });

  it('an approval and an edit racing on the same week: the edit lands before the lock or is refused', async () => {
    const deps = depsOn(stores[0]!);
    const entry = await clockIn(deps, MARIA, { jobId: null });
    now += 3_600_000;
    await clockOut(deps, MARIA, {});
    const other = depsOn(open());
    const [edit, approval] = await Promise.allSettled([
      editTimeEntry(other, ADMIN, entry.id, { note: 'corrected' }, 'typo in note'),
      approveEmployeeWeek(deps, ADMIN, 'emp-maria', '2026-11-17'),
    ]);
    expect(approval.status).toBe('fulfilled');
    const stored = await deps.entries.get(entry.id);
    expect(stored?.status).toBe('approved');
    if (edit.status === 'fulfilled') expect(stored?.note).toBe('corrected');
    else expect(edit.reason).toMatchObject({ code: 'conflict' });
  });

  it('approving on a Wednesday locks the entries so far and Monday–Tuesday, never that afternoon: Maria clocks in again', async () => {
    const deps = depsOn(stores[0]!);
    now = Date.parse('2026-11-18T14:00:00.000Z'); // Wednesday 08:00 in Chicago
    const morning = await clockIn(deps, MARIA, { jobId: null });
    now += 3 * 3_600_000;
    await clockOut(deps, MARIA, {});
    const approved = await approveEmployeeWeek(deps, ADMIN, 'emp-maria', '2026-11-18');
    expect(approved.row).toMatchObject({ approved: true, lockedThrough: '2026-11-17', unapproved: 0 });
    expect(approved.row.openWeekWarning).toContain('This week ends on Sunday 11/22');
    expect((await deps.entries.get(morning.id))?.status).toBe('approved');

    // That afternoon (and later in the week) clocking in works; the new entry is not approved yet.
    now += 2 * 3_600_000; // 13:00
    await expect(clockIn(deps, MARIA, { jobId: null })).resolves.toMatchObject({ status: 'open' });
    await expect(approveEmployeeWeek(deps, ADMIN, 'emp-maria', '2026-11-18')).rejects.toMatchObject({ message: expect.stringContaining('still clocked in') });
    now += 2 * 3_600_000;
    await clockOut(deps, MARIA, {});
    expect((await getMyClock(deps, MARIA)).week?.row).toMatchObject({ approved: true, unapproved: 1 });

    // The morning entry stays frozen; Monday and Tuesday take no added shift.
    await expect(editTimeEntry(deps, ADMIN, morning.id, { note: 'x' }, 'typo in note')).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      addTimeEntry(deps, ADMIN, 'emp-maria', { clockIn: '2026-11-16T14:00:00.000Z', clockOut: '2026-11-16T18:00:00.000Z', breaks: [], note: '' }, 'missed Monday'),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('approved') });
    await expect(
      addTimeEntry(deps, ADMIN, 'emp-maria', { clockIn: '2026-11-18T12:00:00.000Z', clockOut: '2026-11-18T13:30:00.000Z', breaks: [], note: '' }, 'early call-out that day'),
    ).resolves.toMatchObject({ status: 'submitted' });

    // Approving again covers the new entries; once all are approved a further approval is refused.
    const again = await approveEmployeeWeek(deps, ADMIN, 'emp-maria', '2026-11-18');
    expect(again.row).toMatchObject({ approved: true, unapproved: 0, lockedThrough: '2026-11-17' });
    await expect(approveEmployeeWeek(deps, ADMIN, 'emp-maria', '2026-11-18')).rejects.toMatchObject({ message: expect.stringContaining('already approved') });
  });

  it('a week approved after it ended locks all seven days until it is unlocked', async () => {
    const deps = depsOn(stores[0]!);
    const shift = { clockIn: '2026-11-22T15:00:00.000Z', clockOut: '2026-11-22T19:00:00.000Z', breaks: [], note: '' };
    now = Date.parse('2026-11-24T15:00:00.000Z');
    await addTimeEntry(deps, ADMIN, 'emp-maria', { ...shift, clockIn: '2026-11-20T15:00:00.000Z', clockOut: '2026-11-20T19:00:00.000Z' }, 'paper timesheet');
    const done = await approveEmployeeWeek(deps, ADMIN, 'emp-maria', '2026-11-16');
    expect(done.row).toMatchObject({ lockedThrough: '2026-11-22', openWeekWarning: null });
    await expect(addTimeEntry(deps, ADMIN, 'emp-maria', shift, 'missed Sunday')).rejects.toMatchObject({ code: 'conflict' });
    await unlockEmployeeWeek(deps, ADMIN, 'emp-maria', '2026-11-16', 'Maria worked Sunday too');
    await expect(addTimeEntry(deps, ADMIN, 'emp-maria', shift, 'missed Sunday')).resolves.toMatchObject({ status: 'submitted' });
  });
});
