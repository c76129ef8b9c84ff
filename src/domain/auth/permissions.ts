/**
 * Who is signed in and what they may do (SPEC §4, §6; RULES R-AUTH-1..8).
 *
 * The auth state is decided from three inputs only: the signed-in user (or none), the configured
 * admin id list, and the result of the live employee lookup (a record, none, or a failure). The
 * lookup itself is I/O and lives outside the domain; `employeeLookupEmail` says whether and by what
 * to look up. Permissions follow from the state: admins get everything, an active employee gets
 * exactly what their record grants (a missing or non-boolean flag is false), everyone else nothing.
 */

/** The spec's ten switches (SPEC §3 Employee.permissions): view/edit × five areas. */
export const CORE_PERMISSIONS = [
  'viewClients',
  'editClients',
  'viewJobs',
  'editJobs',
  'viewInvoices',
  'editInvoices',
  'viewInventory',
  'editInventory',
  'viewProposals',
  'editProposals',
] as const;

/**
 * Permissions the product adds beyond the spec's ten. Declared here, and only here, so the
 * employee editor, the route guards and the menu all see the same list.
 */
export const EXTRA_PERMISSIONS = ['useVisionAi'] as const;

export const PERMISSIONS = [...CORE_PERMISSIONS, ...EXTRA_PERMISSIONS] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type Permissions = Readonly<Record<Permission, boolean>>;
/** As stored on an employee record: any flag may be missing (it then counts as false). */
export type StoredPermissions = Partial<Record<Permission, unknown>>;

/** The view/edit pairs; "edit implies view" holds within each pair. */
export const PERMISSION_PAIRS = [
  { area: 'clients', view: 'viewClients', edit: 'editClients' },
  { area: 'jobs', view: 'viewJobs', edit: 'editJobs' },
  { area: 'invoices', view: 'viewInvoices', edit: 'editInvoices' },
  { area: 'inventory', view: 'viewInventory', edit: 'editInventory' },
  { area: 'proposals', view: 'viewProposals', edit: 'editProposals' },
] as const satisfies readonly { area: string; view: Permission; edit: Permission }[];

export const isPermission = (key: string): key is Permission => (PERMISSIONS as readonly string[]).includes(key);

function allPermissions(value: boolean): Permissions {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, value])) as Record<Permission, boolean>;
}

export const NO_PERMISSIONS: Permissions = Object.freeze(allPermissions(false));
export const ALL_PERMISSIONS: Permissions = Object.freeze(allPermissions(true));

/** Only a literal `true` grants; missing, `'true'`, 1 and the like do not (R-AUTH-6). */
export function permissionsFromRecord(stored: StoredPermissions | null | undefined): Permissions {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, stored?.[p] === true])) as Record<Permission, boolean>;
}

/**
 * For the employee editor: a granted edit switch turns its view switch on. Keys that are not
 * permissions are dropped, so a form cannot smuggle extra fields into the record.
 */
export function normalisePermissions(stored: StoredPermissions | null | undefined): Permissions {
  const p: Record<Permission, boolean> = { ...permissionsFromRecord(stored) };
  for (const pair of PERMISSION_PAIRS) if (p[pair.edit]) p[pair.view] = true;
  return p;
}

/**
 * One switch flipped in the editor, keeping "edit implies view" both ways: turning edit on turns
 * view on, turning view off turns edit off.
 */
export function setPermission(current: Permissions, key: Permission, value: boolean): Permissions {
  const next: Record<Permission, boolean> = { ...current, [key]: value };
  for (const pair of PERMISSION_PAIRS) {
    if (key === pair.edit && value) next[pair.view] = true;
    if (key === pair.view && !value) next[pair.edit] = false;
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// Employees

/** Only 'active' counts (R-AUTH-4); the others exist so the back office can say why not. */
export const EMPLOYMENT_STATUSES = ['active', 'on-leave', 'inactive'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

export interface Employee {
  id: string;
  /** Matched against the signed-in user's verified e-mail, trimmed and case-insensitively. */
  email: string;
  employmentStatus: EmploymentStatus;
  permissions: StoredPermissions;
  name: string;
  phone: string | null;
  title: string | null;
  photoUrl: string | null;
}

/** The form in which e-mails are stored and compared: trimmed, lower case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function emailsMatch(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a == null || b == null) return false;
  const na = normaliseEmail(a);
  return na !== '' && na === normaliseEmail(b);
}

// ---------------------------------------------------------------------------------------------
// Auth state

export interface SignedInUser {
  /** The identity provider's stable subject id (`sub`); admins are listed by it. */
  id: string;
  email: string | null;
  /** An unverified e-mail never matches an employee record: anyone could claim it. */
  emailVerified: boolean;
  displayName: string | null;
  photoUrl: string | null;
  /**
   * 'email-link': signed in with a one-time link e-mailed to `email` (docs/portal.md). The link
   * proves the e-mail, never a staff identity: such a user is never an admin nor an employee.
   */
  signInMethod?: 'email-link';
}

/** The result of the live employee lookup, as the caller got it. */
export type EmployeeLookup = Employee | null | 'lookup-failed';

export type AuthState =
  | { kind: 'signed-out' }
  | { kind: 'admin'; user: SignedInUser }
  | { kind: 'employee'; user: SignedInUser; employee: Employee }
  | { kind: 'other'; user: SignedInUser };

export type AuthKind = AuthState['kind'];
export const AUTH_KINDS = ['signed-out', 'admin', 'employee', 'other'] as const satisfies readonly AuthKind[];

/** R-AUTH-2: admin status is the user id being in the configured list (exact match). */
export const isAdmin = (userId: string, adminIds: readonly string[]): boolean =>
  userId !== '' && adminIds.includes(userId);

/**
 * The e-mail to look the employee record up by, or null when no lookup is needed: signed out,
 * an admin (R-AUTH-2: admins skip it), or no verified e-mail to match on.
 */
export function employeeLookupEmail(user: SignedInUser | null, adminIds: readonly string[]): string | null {
  if (user === null || isAdmin(user.id, adminIds) || user.signInMethod === 'email-link') return null;
  if (!user.emailVerified || user.email == null || normaliseEmail(user.email) === '') return null;
  return normaliseEmail(user.email);
}

/** R-AUTH-1..4, R-AUTH-8: the one place the auth state is decided. */
export function resolveAuthState(
  user: SignedInUser | null,
  adminIds: readonly string[],
  lookup: EmployeeLookup,
): AuthState {
  if (user === null) return { kind: 'signed-out' };
  // An e-mailed sign-in link proves the address only: never staff, whatever the address.
  if (user.signInMethod === 'email-link') return { kind: 'other', user };
  if (isAdmin(user.id, adminIds)) return { kind: 'admin', user };
  const email = employeeLookupEmail(user, adminIds);
  // A failed lookup counts as no employee (R-AUTH-8); the caller logs it.
  if (lookup === null || lookup === 'lookup-failed' || email === null) return { kind: 'other', user };
  // Defence in depth: the record must really be this user's and be active (R-AUTH-4).
  if (!emailsMatch(lookup.email, email) || lookup.employmentStatus !== 'active') return { kind: 'other', user };
  return { kind: 'employee', user, employee: lookup };
}

/** R-AUTH-5..7. */
export function permissionsFor(state: AuthState): Permissions {
  switch (state.kind) {
    case 'admin':
      return ALL_PERMISSIONS;
    case 'employee':
      return permissionsFromRecord(state.employee.permissions);
    case 'signed-out':
    case 'other':
      return NO_PERMISSIONS;
  }
}

export const can = (state: AuthState, permission: Permission): boolean => permissionsFor(state)[permission];

/** Admins and active employees: the people the back office is for. */
export const isStaff = (state: AuthState): boolean => state.kind === 'admin' || state.kind === 'employee';
