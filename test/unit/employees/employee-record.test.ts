import { describe, expect, it } from 'vitest';
import {
  applyPermissionPatch,
  employeeChanges,
  matchesSearch,
  newEmployeeFields,
  EMPLOYEE_SORTS,
  type PermissionPatch,
} from '../../../src/domain/employees/employee-record.ts';
import { EMPLOYMENT_STATUSES, NO_PERMISSIONS, PERMISSIONS, PERMISSION_PAIRS, EXTRA_PERMISSIONS, type Permission } from '../../../src/domain/auth/permissions.ts';
import {
  EMPLOYEE_SORT_VALUES,
  EMPLOYMENT_STATUS_VALUES,
  PERMISSION_AREAS,
  PERMISSION_KEYS,
  EXTRA_PERMISSION_SWITCHES,
  employeeCreateSchema,
} from '../../../src/contracts/employees.ts';

const granted = (...keys: Permission[]) => ({ ...NO_PERMISSIONS, ...Object.fromEntries(keys.map((k) => [k, true])) });
const on = (p: Record<Permission, boolean>) => PERMISSIONS.filter((k) => p[k]);

describe('applyPermissionPatch: edit implies view, both ways', () => {
  const cases: { name: string; from: Permission[]; patch: PermissionPatch; want: Permission[] }[] = [
    { name: 'edit on turns view on', from: [], patch: { editJobs: true }, want: ['viewJobs', 'editJobs'] },
    { name: 'view off turns edit off', from: ['viewJobs', 'editJobs'], patch: { viewJobs: false }, want: [] },
    { name: 'edit off keeps view', from: ['viewJobs', 'editJobs'], patch: { editJobs: false }, want: ['viewJobs'] },
    { name: 'unnamed switches stay', from: ['viewClients', 'useVisionAi'], patch: { viewInvoices: true }, want: ['viewClients', 'viewInvoices', 'useVisionAi'] },
    { name: 'contradiction: edit wins whatever the key order', from: [], patch: { viewJobs: false, editJobs: true }, want: ['viewJobs', 'editJobs'] },
    { name: 'contradiction, keys reversed', from: [], patch: { editJobs: true, viewJobs: false }, want: ['viewJobs', 'editJobs'] },
    { name: 'a stored edit without view is repaired', from: ['editProposals'], patch: {}, want: ['viewProposals', 'editProposals'] },
  ];
  for (const c of cases) it(c.name, () => expect(on(applyPermissionPatch(granted(...c.from), c.patch))).toEqual(c.want));
});

describe('employeeChanges (the audit diff)', () => {
  const base = newEmployeeFields({ name: 'Ana Ruiz', email: 'Ana@Shieldline.Example', permissions: { viewJobs: true } });

  it('a new record lists what was set, e-mail normalised, switches left off omitted', () => {
    expect(employeeChanges(null, base)).toEqual([
      { field: 'name', from: null, to: 'Ana Ruiz' },
      { field: 'email', from: null, to: 'ana@shieldline.example' },
      { field: 'employmentStatus', from: null, to: 'active' },
      { field: 'permissions.viewJobs', from: null, to: true },
    ]);
  });

  it('an edit lists each changed field and switch with old and new values, nothing else', () => {
    const after = { ...base, title: 'Installer', permissions: applyPermissionPatch(base.permissions, { editClients: true, viewJobs: false }) };
    expect(employeeChanges(base, after)).toEqual([
      { field: 'title', from: null, to: 'Installer' },
      { field: 'permissions.viewClients', from: false, to: true },
      { field: 'permissions.editClients', from: false, to: true },
      { field: 'permissions.viewJobs', from: true, to: false },
    ]);
    expect(employeeChanges(base, { ...base })).toEqual([]);
  });
});

describe('matchesSearch', () => {
  const e = { name: 'Maria Lopez', email: 'maria@shieldline.example', title: 'Lead installer' };
  it.each([
    ['lopez', true],
    ['MARIA@', true],
    ['installer', true],
    ['  ', true],
    ['tom', false],
  ])('%j → %s', (q, want) => expect(matchesSearch(e, q)).toBe(want));
  it('a record without a title matches on name and e-mail only', () => expect(matchesSearch({ ...e, title: null }, 'null')).toBe(false));
});

describe('the contract repeats the domain lists exactly', () => {
  it('statuses, switches, areas and sorts', () => {
    expect(EMPLOYMENT_STATUS_VALUES).toEqual(EMPLOYMENT_STATUSES);
    expect([...PERMISSION_KEYS].sort()).toEqual([...PERMISSIONS].sort());
    expect(PERMISSION_AREAS.map(({ area, view, edit }) => ({ area, view, edit }))).toEqual(PERMISSION_PAIRS);
    expect(EXTRA_PERMISSION_SWITCHES.map((s) => s.key)).toEqual(EXTRA_PERMISSIONS);
    expect(EMPLOYEE_SORT_VALUES).toEqual(EMPLOYEE_SORTS);
  });

  it('the create schema normalises the e-mail and turns blank optional fields into null', () => {
    const parsed = employeeCreateSchema.parse({ name: ' Ana ', email: ' Ana@X.Example ', phone: '', title: '', photoUrl: '' });
    expect(parsed).toEqual({ name: 'Ana', email: 'ana@x.example', phone: null, title: null, photoUrl: null });
  });
});
