import type { Employee, SignedInUser } from '../../../src/domain/auth/permissions.ts';

let n = 0;

/** A signed-in Google user with a verified e-mail; override what the test is about. */
export function aUser(overrides: Partial<SignedInUser> = {}): SignedInUser {
  n += 1;
  return {
    id: `google-sub-${n}`,
    email: `user${n}@example.com`,
    emailVerified: true,
    displayName: `Sam Installer ${n}`,
    photoUrl: null,
    ...overrides,
  };
}

/** An active employee record for `email`, with no permissions unless given. */
export function anEmployee(email: string, overrides: Partial<Employee> = {}): Employee {
  n += 1;
  return {
    id: `emp-${n}`,
    email,
    employmentStatus: 'active',
    permissions: {},
    name: `Alex Tech ${n}`,
    phone: '(555) 010-0000',
    title: 'Installer',
    photoUrl: null,
    ...overrides,
  };
}

/** Two admin ids, as configured by default; a fresh pair per call. */
export function adminIds(): string[] {
  n += 1;
  return [`admin-sub-${n}-a`, `admin-sub-${n}-b`];
}
