import { describe, expect, it } from 'vitest';
import {
  CORE_PERMISSIONS,
  PERMISSIONS,
  can,
  employeeLookupEmail,
  normalisePermissions,
  permissionsFor,
  resolveAuthState,
  setPermission,
  type AuthState,
  type EmployeeLookup,
  type Permission,
  type SignedInUser,
} from '../../../src/domain/auth/permissions.ts';
import { aUser, adminIds, anEmployee } from './factories.ts';

const trueKeys = (state: AuthState) => PERMISSIONS.filter((p) => permissionsFor(state)[p]);

describe('resolveAuthState', () => {
  it('[R-AUTH-1] the auth state is one of signed-out, admin, employee, other', () => {
    const admins = adminIds();
    const admin = aUser({ id: admins[0] });
    const staff = aUser();
    const visitor = aUser();
    const cases: { name: string; user: SignedInUser | null; lookup: EmployeeLookup; kind: AuthState['kind'] }[] = [
      { name: 'nobody signed in', user: null, lookup: null, kind: 'signed-out' },
      { name: 'listed admin', user: admin, lookup: null, kind: 'admin' },
      { name: 'active employee', user: staff, lookup: anEmployee(staff.email ?? ''), kind: 'employee' },
      { name: 'user with no record', user: visitor, lookup: null, kind: 'other' },
    ];
    for (const c of cases) expect(resolveAuthState(c.user, admins, c.lookup).kind, c.name).toBe(c.kind);
  });

  it('[R-AUTH-2] admin is decided by the user id being in the configured list, exactly', () => {
    const admins = adminIds();
    const [first = '', second = ''] = admins;
    const cases: { id: string; admin: boolean }[] = [
      { id: first, admin: true },
      { id: second, admin: true },
      { id: first.toUpperCase(), admin: false },
      { id: ` ${first}`, admin: false },
      { id: `${first}x`, admin: false },
      { id: '', admin: false },
    ];
    for (const c of cases) {
      expect(resolveAuthState(aUser({ id: c.id }), [...admins, ''], null).kind === 'admin', JSON.stringify(c.id)).toBe(c.admin);
    }
  });

  it('[R-AUTH-2] admins skip the employee lookup, whatever record exists', () => {
    const admins = adminIds();
    const admin = aUser({ id: admins[1] });
    expect(employeeLookupEmail(admin, admins)).toBeNull();
    const inactive = anEmployee(admin.email ?? '', { employmentStatus: 'inactive' });
    for (const lookup of [null, 'lookup-failed', inactive] as const) {
      expect(resolveAuthState(admin, admins, lookup).kind).toBe('admin');
    }
  });

  it('[R-AUTH-3] the employee is looked up by the verified e-mail, trimmed and case-insensitively', () => {
    const admins = adminIds();
    const user = aUser({ email: '  Pat.Smith@Example.COM ' });
    expect(employeeLookupEmail(user, admins)).toBe('pat.smith@example.com');
    expect(employeeLookupEmail(null, admins)).toBeNull();
    expect(employeeLookupEmail(aUser({ email: null }), admins)).toBeNull();
    expect(employeeLookupEmail(aUser({ email: '   ' }), admins)).toBeNull();
    // An unverified address could be anyone's: never matched to a record.
    expect(employeeLookupEmail(aUser({ emailVerified: false }), admins)).toBeNull();

    const record = anEmployee('pat.smith@example.com ');
    expect(resolveAuthState(user, admins, record).kind).toBe('employee');
    expect(resolveAuthState({ ...user, emailVerified: false }, admins, record).kind).toBe('other');
    // A record for someone else (a wrong lookup result) is not this user's.
    expect(resolveAuthState(user, admins, anEmployee('someone.else@example.com')).kind).toBe('other');
  });

  it('[R-AUTH-3] a changed record changes the state and permissions at the next resolve, without signing out', () => {
    const admins = adminIds();
    const user = aUser();
    const record = anEmployee(user.email ?? '', { permissions: { viewJobs: true } });
    const before = resolveAuthState(user, admins, record);
    expect(can(before, 'viewJobs')).toBe(true);

    const widened = resolveAuthState(user, admins, { ...record, permissions: { viewJobs: true, viewClients: true } });
    expect(trueKeys(widened)).toEqual(['viewClients', 'viewJobs']);

    const deactivated = resolveAuthState(user, admins, { ...record, employmentStatus: 'inactive' });
    expect(deactivated.kind).toBe('other');
    expect(can(deactivated, 'viewJobs')).toBe(false);
  });

  it("[R-AUTH-4] only employmentStatus 'active' counts; any other status is no employee", () => {
    const admins = adminIds();
    const user = aUser();
    const cases: { status: string; kind: AuthState['kind'] }[] = [
      { status: 'active', kind: 'employee' },
      { status: 'inactive', kind: 'other' },
      { status: 'on-leave', kind: 'other' },
      { status: 'Active', kind: 'other' },
      { status: ' active', kind: 'other' },
      { status: '', kind: 'other' },
    ];
    for (const c of cases) {
      const record = anEmployee(user.email ?? '', { permissions: { viewClients: true } });
      // Stored data may hold statuses the type does not list.
      const lookup = { ...record, employmentStatus: c.status } as unknown as EmployeeLookup;
      expect(resolveAuthState(user, admins, lookup).kind, c.status).toBe(c.kind);
    }
  });

  it('[R-AUTH-8] a failed employee lookup counts as no employee', () => {
    const admins = adminIds();
    const state = resolveAuthState(aUser(), admins, 'lookup-failed');
    expect(state.kind).toBe('other');
    expect(trueKeys(state)).toEqual([]);
  });
});

describe('permissionsFor and can', () => {
  it('[R-AUTH-5] an admin has every permission, the spec ten and the extras', () => {
    const admins = adminIds();
    const state = resolveAuthState(aUser({ id: admins[0] }), admins, null);
    expect(trueKeys(state)).toEqual([...PERMISSIONS]);
    expect(CORE_PERMISSIONS).toHaveLength(10);
    for (const p of PERMISSIONS) expect(can(state, p), p).toBe(true);
  });

  it('[R-AUTH-6] an active employee has exactly the permissions of the record; each defaults to false', () => {
    const admins = adminIds();
    const user = aUser();
    const cases: { stored: Record<string, unknown>; granted: Permission[] }[] = [
      { stored: {}, granted: [] },
      { stored: { viewClients: true }, granted: ['viewClients'] },
      { stored: { viewJobs: true, editJobs: true, viewInvoices: false }, granted: ['viewJobs', 'editJobs'] },
      { stored: { useVisionAi: true }, granted: ['useVisionAi'] },
      // Only a real boolean true grants.
      { stored: { viewClients: 'true', editClients: 1, viewJobs: null }, granted: [] },
      // Unknown keys grant nothing.
      { stored: { deleteEverything: true, viewProposals: true }, granted: ['viewProposals'] },
    ];
    for (const c of cases) {
      const state = resolveAuthState(user, admins, anEmployee(user.email ?? '', { permissions: c.stored }));
      expect(state.kind).toBe('employee');
      expect(trueKeys(state), JSON.stringify(c.stored)).toEqual(PERMISSIONS.filter((p) => c.granted.includes(p)));
    }
  });

  it('[R-AUTH-7] everyone else, inactive employees included, has every permission false', () => {
    const admins = adminIds();
    const user = aUser();
    const all: Record<string, boolean> = Object.fromEntries(PERMISSIONS.map((p) => [p, true]));
    const states: AuthState[] = [
      resolveAuthState(null, admins, null),
      resolveAuthState(user, admins, null),
      resolveAuthState(user, admins, anEmployee(user.email ?? '', { employmentStatus: 'inactive', permissions: all })),
      resolveAuthState(user, admins, anEmployee(user.email ?? '', { employmentStatus: 'on-leave', permissions: all })),
    ];
    for (const s of states) {
      expect(trueKeys(s), s.kind).toEqual([]);
      for (const p of PERMISSIONS) expect(can(s, p)).toBe(false);
    }
  });
});

describe('employee editor permissions', () => {
  it('normalisePermissions: an edit switch turns its view switch on, and unknown keys are dropped', () => {
    const cases: { stored: Record<string, unknown>; granted: Permission[] }[] = [
      { stored: {}, granted: [] },
      { stored: { editClients: true }, granted: ['viewClients', 'editClients'] },
      { stored: { editInventory: true, viewJobs: true }, granted: ['viewJobs', 'viewInventory', 'editInventory'] },
      { stored: { viewProposals: true }, granted: ['viewProposals'] },
      { stored: { editInvoices: 'yes', admin: true }, granted: [] },
    ];
    for (const c of cases) {
      const p = normalisePermissions(c.stored);
      expect(Object.keys(p)).toEqual([...PERMISSIONS]);
      expect(PERMISSIONS.filter((k) => p[k]), JSON.stringify(c.stored)).toEqual(PERMISSIONS.filter((k) => c.granted.includes(k)));
    }
  });

  it('setPermission keeps edit-implies-view both ways', () => {
    const none = normalisePermissions({});
    const withEdit = setPermission(none, 'editJobs', true);
    expect(withEdit.viewJobs).toBe(true);
    expect(withEdit.editJobs).toBe(true);

    const viewOff = setPermission(withEdit, 'viewJobs', false);
    expect(viewOff.viewJobs).toBe(false);
    expect(viewOff.editJobs).toBe(false);

    const editOff = setPermission(withEdit, 'editJobs', false);
    expect(editOff.viewJobs).toBe(true);
    expect(editOff.editJobs).toBe(false);

    // Other areas untouched, and the input is not mutated.
    expect(setPermission(withEdit, 'editClients', true).editJobs).toBe(true);
    expect(none.editJobs).toBe(false);
  });
});
