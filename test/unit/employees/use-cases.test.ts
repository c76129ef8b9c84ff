import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../src/application/employees/create-employee.ts';
import { updateEmployee } from '../../../src/application/employees/update-employee.ts';
import { deactivateEmployee } from '../../../src/application/employees/deactivate-employee.ts';
import { getEmployee } from '../../../src/application/employees/get-employee.ts';
import { listEmployees } from '../../../src/application/employees/list-employees.ts';
import { listEmployeeAudit } from '../../../src/application/employees/list-employee-audit.ts';
import { DocumentEmployeeRepository } from '../../../src/adapters/documents/document-employee-repository.ts';
import { employeeCreateSchema } from '../../../src/contracts/employees.ts';
import type { EmployeeListQuery } from '../../../src/domain/employees/employee-record.ts';
import type { AuthState } from '../../../src/domain/auth/permissions.ts';
import { anAdmin, anEmployeeState, mediumEmployees } from './medium.ts';
import { anEmployeeInput } from './factories.ts';

const input = (overrides: Parameters<typeof anEmployeeInput>[0] = {}) => employeeCreateSchema.parse(anEmployeeInput(overrides));
const query = (q: Partial<EmployeeListQuery> = {}): EmployeeListQuery => ({ q: '', status: null, sort: 'name', limit: 25, cursor: null, ...q });

describe('employee use cases on a real SQLite store', () => {
  let m: ReturnType<typeof mediumEmployees>;
  let admin: AuthState;
  beforeEach(() => {
    m = mediumEmployees();
    admin = anAdmin();
  });
  afterEach(() => m.close());

  it('createEmployee stores a record sign-in can find, and audits it with the actor', async () => {
    const { employee, audit } = await createEmployee(m.deps, admin, input({ email: 'Lee@Shieldline.Example', permissions: { editInventory: true } }));
    const signIn = await new DocumentEmployeeRepository(m.store).findByEmail('lee@shieldline.example');
    expect(signIn).toMatchObject({ id: employee.id, employmentStatus: 'active', permissions: { viewInventory: true, editInventory: true } });
    expect(audit).toMatchObject({ action: 'create', actorName: 'Frank Miller', entity: 'employee', entityId: employee.id });
    expect(await listEmployeeAudit(m.deps, admin, employee.id)).toEqual([audit]);
  });

  it('createEmployee refuses an e-mail in use (any case) with a field error', async () => {
    await createEmployee(m.deps, admin, input({ email: 'sam@shieldline.example' }));
    await expect(createEmployee(m.deps, admin, input({ email: 'SAM@shieldline.example' }))).rejects.toMatchObject({
      code: 'conflict',
      fields: { email: [expect.any(String)] },
    });
    expect((await listEmployees(m.deps, admin, query())).items).toHaveLength(1);
  });

  it('the unique index refuses a duplicate the friendly check did not see (two admins at once)', async () => {
    const a = input({ email: 'race@shieldline.example' });
    const results = await Promise.allSettled([createEmployee(m.deps, admin, a), createEmployee(m.deps, admin, { ...a, name: 'Other Name' })]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'conflict', fields: { email: [expect.any(String)] } } });
  });

  it('updateEmployee writes the change and an entry listing it; newest entry first', async () => {
    const { employee } = await createEmployee(m.deps, admin, input({ title: 'Installer' }));
    await updateEmployee(m.deps, admin, employee.id, { title: 'Lead installer' });
    await updateEmployee(m.deps, admin, employee.id, { permissions: { editJobs: true } });
    expect((await getEmployee(m.deps, admin, employee.id)).title).toBe('Lead installer');
    const entries = await listEmployeeAudit(m.deps, admin, employee.id);
    expect(entries.map((e) => e.changes.map((c) => c.field))).toEqual([['permissions.viewJobs', 'permissions.editJobs'], ['title'], expect.any(Array)]);
    expect(entries[0]!.at > entries[1]!.at).toBe(true);
  });

  it('entries written in the same millisecond read back newest first', async () => {
    const { employee } = await createEmployee(m.deps, admin, input());
    const frozen = { ...m.deps, clock: { now: () => new Date('2026-03-02T10:00:00.000Z') } };
    for (const title of ['A', 'B', 'C']) await updateEmployee(frozen, admin, employee.id, { title });
    const entries = await listEmployeeAudit(m.deps, admin, employee.id);
    expect(entries.slice(0, 3).map((e) => e.changes[0]!.to)).toEqual(['C', 'B', 'A']);
  });

  it('updateEmployee to another record’s e-mail is a conflict and changes nothing', async () => {
    await createEmployee(m.deps, admin, input({ email: 'one@shieldline.example' }));
    const { employee } = await createEmployee(m.deps, admin, input({ email: 'two@shieldline.example' }));
    await expect(updateEmployee(m.deps, admin, employee.id, { email: 'One@shieldline.example' })).rejects.toMatchObject({ code: 'conflict' });
    expect((await getEmployee(m.deps, admin, employee.id)).email).toBe('two@shieldline.example');
    expect(await listEmployeeAudit(m.deps, admin, employee.id)).toHaveLength(1);
  });

  it('deactivateEmployee makes sign-in see an inactive record; a second call writes nothing', async () => {
    const { employee } = await createEmployee(m.deps, admin, input({ permissions: { viewClients: true } }));
    const first = await deactivateEmployee(m.deps, admin, employee.id);
    expect(first.audit?.changes).toEqual([{ field: 'employmentStatus', from: 'active', to: 'inactive' }]);
    expect((await deactivateEmployee(m.deps, admin, employee.id)).audit).toBeNull();
    const signIn = await new DocumentEmployeeRepository(m.store).findByEmail(employee.email);
    expect(signIn?.employmentStatus).toBe('inactive');
  });

  it('unknown ids are not-found', async () => {
    await expect(getEmployee(m.deps, admin, 'nobody')).rejects.toMatchObject({ code: 'not-found' });
    await expect(updateEmployee(m.deps, admin, 'nobody', { title: 'x' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(deactivateEmployee(m.deps, admin, 'nobody')).rejects.toMatchObject({ code: 'not-found' });
    await expect(listEmployeeAudit(m.deps, admin, 'nobody')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('only an admin may use them: employees are forbidden, the signed-out unauthenticated', async () => {
    const { employee } = await createEmployee(m.deps, admin, input());
    const employeeState = anEmployeeState();
    await expect(listEmployees(m.deps, employeeState, query())).rejects.toMatchObject({ code: 'forbidden' });
    await expect(updateEmployee(m.deps, employeeState, employee.id, { title: 'x' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(createEmployee(m.deps, { kind: 'signed-out' }, input())).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(await listEmployeeAudit(m.deps, admin, employee.id)).toHaveLength(1);
  });

  describe('listEmployees', () => {
    const names = ['Cruz Ada', 'Ash Bo', 'Eve Day', 'Bea Fox', 'Dan Gil'];
    beforeEach(async () => {
      for (const [i, name] of names.entries())
        await createEmployee(m.deps, admin, input({ name, title: i % 2 ? 'Installer' : 'Office', employmentStatus: i === 4 ? 'on-leave' : 'active' }));
    });

    const pages = async (q: Partial<EmployeeListQuery>) => {
      const out: string[][] = [];
      let cursor: string | null = null;
      do {
        const page = await listEmployees(m.deps, admin, query({ ...q, cursor }));
        out.push(page.items.map((e) => e.name));
        cursor = page.nextCursor;
      } while (cursor);
      return out;
    };

    it('sorts and pages through everything exactly once', async () => {
      expect(await pages({ limit: 2 })).toEqual([['Ash Bo', 'Bea Fox'], ['Cruz Ada', 'Dan Gil'], ['Eve Day']]);
      expect((await pages({ limit: 10, sort: '-name' })).flat()).toEqual([...names].sort().reverse());
      expect((await pages({ limit: 10, sort: 'created' })).flat()).toEqual(names);
    });

    it('searches name, e-mail and title, paging through the matches', async () => {
      expect(await pages({ q: 'INSTALLER', limit: 1 })).toEqual([['Ash Bo'], ['Bea Fox']]);
      expect((await pages({ q: 'da' })).flat()).toEqual(['Cruz Ada', 'Dan Gil', 'Eve Day']);
      expect(await pages({ q: 'nobody-matches' })).toEqual([[]]);
    });

    it('filters by status, with or without a search term', async () => {
      expect((await pages({ status: 'on-leave' })).flat()).toEqual(['Dan Gil']);
      expect((await pages({ status: 'active', q: 'office' })).flat()).toEqual(['Cruz Ada', 'Eve Day']);
    });

    it('a cursor from another sort order is refused', async () => {
      const { nextCursor } = await listEmployees(m.deps, admin, query({ limit: 1 }));
      await expect(listEmployees(m.deps, admin, query({ sort: 'email', cursor: nextCursor }))).rejects.toMatchObject({ code: 'validation' });
    });
  });
});
