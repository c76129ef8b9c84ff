import type { AuditLog } from '../../domain/audit/audit-log.ts';
import { auditEntry, type Actor, type AuditChange, type AuditEntry } from '../../domain/audit/audit-entry.ts';
import type { EmployeeDirectory } from '../../domain/employees/employee-directory.ts';
import {
  EMPLOYEE_ENTITY,
  applyEmployeePatch,
  duplicateEmailError,
  employeeChanges,
  fieldsOf,
  type EmployeeFields,
  type EmployeePatch,
  type EmployeeRecord,
} from '../../domain/employees/employee-record.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import type { CalendarFeedRepository } from '../../domain/jobs/calendar-feed.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

export interface EmployeeDeps {
  employees: EmployeeDirectory;
  audit: AuditLog;
  clock: Clock;
  /** Calendar feeds: a person who stops being active loses theirs (issue 15, finding 8). */
  feeds: Pick<CalendarFeedRepository, 'get' | 'remove'>;
}

export type EmployeeAction = 'create' | 'update' | 'deactivate';

/** What a write did: the record as stored and its audit entry (null when nothing changed). */
export interface EmployeeChange {
  employee: EmployeeRecord;
  audit: AuditEntry | null;
}

export const employeeNotFound = (): DomainError => new DomainError('not-found', 'No such employee.');

export async function getEmployeeOrFail(deps: Pick<EmployeeDeps, 'employees'>, id: string): Promise<EmployeeRecord> {
  const employee = await deps.employees.get(id);
  if (!employee) throw employeeNotFound();
  return employee;
}

/** A friendly duplicate check before writing; the store's unique index settles races. */
export async function assertEmailFree(deps: Pick<EmployeeDeps, 'employees'>, fields: EmployeeFields, ownId: string | null): Promise<void> {
  const holder = await deps.employees.findByEmail(fields.email);
  if (holder && holder.id !== ownId) throw duplicateEmailError();
}

export function auditEmployee(deps: EmployeeDeps, actor: Actor, employeeId: string, action: EmployeeAction, changes: AuditChange[]): Promise<AuditEntry> {
  return deps.audit.record(auditEntry(actor, deps.clock.now(), EMPLOYEE_ENTITY, employeeId, action, changes));
}

/**
 * Applies a patch to an existing record and audits the difference. The record is written first
 * and the entry second: an entry never describes a change that did not happen. Nothing changed
 * means nothing written and no entry.
 */
export async function changeEmployee(deps: EmployeeDeps, actor: Actor, id: string, patch: EmployeePatch, action: EmployeeAction): Promise<EmployeeChange> {
  const before = await getEmployeeOrFail(deps, id);
  const beforeFields = fieldsOf(before);
  const after = applyEmployeePatch(beforeFields, patch);
  const changes = employeeChanges(beforeFields, after);
  if (changes.length === 0) return { employee: before, audit: null };
  if (after.email !== beforeFields.email) await assertEmailFree(deps, after, id);
  const employee = await deps.employees.update(id, after);
  const feedChange = before.employmentStatus === 'active' && employee.employmentStatus !== 'active' ? await revokeCalendarFeed(deps, id) : [];
  return { employee, audit: await auditEmployee(deps, actor, id, action, [...changes, ...feedChange]) };
}

/**
 * The feed URL is a credential a calendar app keeps using without a session; the feed already
 * answers nothing while the person is not active, but coming back must not revive a URL that
 * may have been shared or left on a returned phone. So leaving 'active' removes it for good:
 * back at work, the person makes a new one.
 */
async function revokeCalendarFeed(deps: EmployeeDeps, id: string): Promise<AuditChange[]> {
  if (!(await deps.feeds.get(id))) return [];
  await deps.feeds.remove(id);
  return [{ field: 'calendarFeed', from: 'active', to: 'revoked' }];
}
