/**
 * The employee database as the back office edits it (issue 4, "Employee database"). The record
 * is the sign-in's `Employee` (src/domain/auth/permissions.ts) plus its timestamps; this module
 * holds the rules of editing it: which fields exist, how a permission patch applies (edit implies
 * view, both ways), what a search matches, and the audit diff of a change.
 */
import { DomainError } from '../shared/domain-error.ts';
import { foldText } from '../shared/search.ts';
import { diffFields, type AuditChange, type AuditValue } from '../audit/audit-entry.ts';
import {
  PERMISSIONS,
  normalisePermissions,
  normaliseEmail,
  setPermission,
  type Employee,
  type EmploymentStatus,
  type Permission,
  type Permissions,
} from '../auth/permissions.ts';

export const EMPLOYEE_ENTITY = 'employee';

export interface EmployeeRecord extends Employee {
  createdAt: string;
  updatedAt: string;
}

/** What an admin writes; permissions always complete (every switch a boolean). */
export interface EmployeeFields {
  email: string;
  name: string;
  phone: string | null;
  title: string | null;
  photoUrl: string | null;
  employmentStatus: EmploymentStatus;
  permissions: Permissions;
}

export type PermissionPatch = Partial<Record<Permission, boolean>>;

/** A change request: absent keys stay as they are; permissions name only the switches that move. */
export interface EmployeePatch {
  email?: string;
  name?: string;
  phone?: string | null;
  title?: string | null;
  photoUrl?: string | null;
  employmentStatus?: EmploymentStatus;
  permissions?: PermissionPatch;
}

/**
 * Applies switches through `setPermission`, so turning edit on turns view on and turning view
 * off turns edit off. A patch that asks for edit without view is contradictory; the contract
 * refuses it, and here edit wins (view is turned on), whatever the key order.
 */
export function applyPermissionPatch(current: Permissions, patch: PermissionPatch): Permissions {
  let next = normalisePermissions(current);
  const entries = PERMISSIONS.flatMap((p) => (patch[p] === undefined ? [] : [[p, patch[p]] as const]));
  // Views off first, then edits on: the outcome cannot depend on the order the keys came in.
  for (const [p, v] of entries) if (!v) next = setPermission(next, p, v);
  for (const [p, v] of entries) if (v) next = setPermission(next, p, v);
  return next;
}

export function fieldsOf(e: Employee): EmployeeFields {
  return {
    email: e.email,
    name: e.name,
    phone: e.phone,
    title: e.title,
    photoUrl: e.photoUrl,
    employmentStatus: e.employmentStatus,
    permissions: normalisePermissions(e.permissions),
  };
}

export function applyEmployeePatch(current: EmployeeFields, patch: EmployeePatch): EmployeeFields {
  return {
    email: patch.email === undefined ? current.email : normaliseEmail(patch.email),
    name: patch.name ?? current.name,
    phone: patch.phone === undefined ? current.phone : patch.phone,
    title: patch.title === undefined ? current.title : patch.title,
    photoUrl: patch.photoUrl === undefined ? current.photoUrl : patch.photoUrl,
    employmentStatus: patch.employmentStatus ?? current.employmentStatus,
    permissions: patch.permissions === undefined ? current.permissions : applyPermissionPatch(current.permissions, patch.permissions),
  };
}

/** A new record's fields: e-mail normalised, missing switches off, edit implying view. */
export function newEmployeeFields(input: EmployeePatch & { email: string; name: string }): EmployeeFields {
  const blank: EmployeeFields = {
    email: '',
    name: '',
    phone: null,
    title: null,
    photoUrl: null,
    employmentStatus: 'active',
    permissions: normalisePermissions({}),
  };
  return applyEmployeePatch(blank, input);
}

const PLAIN_FIELDS = ['name', 'email', 'phone', 'title', 'photoUrl', 'employmentStatus'] as const;
const PERMISSION_FIELDS = PERMISSIONS.map((p) => `permissions.${p}` as const);
type FlatField = (typeof PLAIN_FIELDS)[number] | (typeof PERMISSION_FIELDS)[number];

function flatten(f: EmployeeFields | null): Partial<Record<FlatField, AuditValue>> {
  if (f === null) return {};
  const flat: Partial<Record<FlatField, AuditValue>> = {};
  for (const k of PLAIN_FIELDS) flat[k] = f[k];
  // A switch that is off reads as false rather than "absent", so a grant shows false → true.
  for (const p of PERMISSIONS) flat[`permissions.${p}`] = f.permissions[p];
  return flat;
}

/** The audit diff; `before` null for a new record (every set field then shows from null). */
export function employeeChanges(before: EmployeeFields | null, after: EmployeeFields): AuditChange[] {
  const changes = diffFields([...PLAIN_FIELDS, ...PERMISSION_FIELDS], flatten(before), flatten(after));
  // A new record lists only what was set: switches left off are not news.
  return before === null ? changes.filter((c) => c.to !== null && c.to !== false) : changes;
}

/** Changes that alter what someone may do: security events as well as audit entries. */
export const isAccessChange = (c: AuditChange): boolean =>
  c.field.startsWith('permissions.') || c.field === 'employmentStatus' || c.field === 'email';

// ---------------------------------------------------------------------------------------------
// Listing

export const EMPLOYEE_SORTS = ['name', '-name', 'email', '-email', 'status', '-status', 'updated', '-updated', 'created', '-created'] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

export interface EmployeeListQuery {
  /** Matched case-insensitively as a substring of name, e-mail or title; blank matches all. */
  q: string;
  status: EmploymentStatus | null;
  sort: EmployeeSort;
  limit: number;
  cursor: string | null;
}

export interface EmployeePage {
  items: EmployeeRecord[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export const sortField = (sort: EmployeeSort): 'name' | 'email' | 'employmentStatus' | 'updatedAt' | 'createdAt' => {
  const key = sort.replace(/^-/, '');
  return key === 'status' ? 'employmentStatus' : key === 'updated' ? 'updatedAt' : key === 'created' ? 'createdAt' : (key as 'name' | 'email');
};
export const sortDirection = (sort: EmployeeSort): 'asc' | 'desc' => (sort.startsWith('-') ? 'desc' : 'asc');

export function matchesSearch(e: Pick<Employee, 'name' | 'email' | 'title'>, q: string): boolean {
  const needle = foldText(q.trim());
  if (needle === '') return true;
  return [e.name, e.email, e.title ?? ''].some((s) => foldText(s).includes(needle));
}

const DUPLICATE_EMAIL = 'Another employee already uses this e-mail address.';
export const duplicateEmailError = (): DomainError => new DomainError('conflict', DUPLICATE_EMAIL, { email: [DUPLICATE_EMAIL] });
