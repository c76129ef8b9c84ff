import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import type { EmployeeDirectory } from '../../domain/employees/employee-directory.ts';
import type { EmployeeRecord } from '../../domain/employees/employee-record.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { TimeEntryRepository } from '../../domain/time/time-entry-repository.ts';
import type { TimeRules } from '../../domain/time/timesheet.ts';
import type { JobRepository } from '../../domain/jobs/job-repository.ts';
import { requireAccess, STAFF } from '../shared/require-access.ts';
import { dateKey, isDateKey, weekRange, type WeekRange } from '../../domain/time/zoned-week.ts';

export interface TimeDeps {
  entries: TimeEntryRepository;
  employees: EmployeeDirectory;
  /** Clock-in reads the job it names (assignees, number, title); never the client's word for them. */
  jobs: Pick<JobRepository, 'get'>;
  audit: AuditLog;
  clock: Clock;
  rules: TimeRules;
}

export interface Worker {
  id: string;
  name: string;
}

/**
 * The employee record the signed-in person clocks as: an active employee's own record; for an
 * admin, the record holding their verified e-mail if there is one (admins skip the employee
 * lookup at sign-in, R-AUTH-2, but may still work shifts). Null otherwise.
 */
export async function clockingWorker(deps: Pick<TimeDeps, 'employees'>, auth: AuthState): Promise<Worker | null> {
  if (auth.kind === 'employee') return { id: auth.employee.id, name: auth.employee.name };
  if (auth.kind !== 'admin' || !auth.user.emailVerified || !auth.user.email) return null;
  const record = await deps.employees.findByEmail(auth.user.email);
  return record && record.employmentStatus === 'active' ? { id: record.id, name: record.name } : null;
}

export async function requireWorker(deps: Pick<TimeDeps, 'employees'>, auth: AuthState): Promise<Worker> {
  requireAccess(auth, STAFF);
  const worker = await clockingWorker(deps, auth);
  // Not 'forbidden': the route is open to this person, there is just no record to clock with.
  if (!worker) throw new DomainError('not-found', 'Your account has no active employee record, so there is no clock to use.');
  return worker;
}

/** The week holding `day` (YYYY-MM-DD), or the current week in the company time zone. */
export function resolveWeek(deps: Pick<TimeDeps, 'clock' | 'rules'>, day: string | undefined): WeekRange {
  const key = day ?? dateKey(deps.clock.now(), deps.rules.timeZone);
  if (!isDateKey(key)) throw new DomainError('validation', 'The week must be a date such as 2026-11-16.', { week: ['Use a date such as 2026-11-16.'] });
  return weekRange(key, deps.rules.timeZone);
}

export async function getEmployeeOrFail(deps: Pick<TimeDeps, 'employees'>, id: string): Promise<EmployeeRecord> {
  const e = await deps.employees.get(id);
  if (!e) throw new DomainError('not-found', 'No such employee.');
  return e;
}
