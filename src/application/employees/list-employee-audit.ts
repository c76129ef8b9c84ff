import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { EMPLOYEE_ENTITY } from '../../domain/employees/employee-record.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';
import { getEmployeeOrFail, type EmployeeDeps } from './employee-change.ts';

/** One employee's history, newest first. */
export async function listEmployeeAudit(deps: EmployeeDeps, auth: AuthState, id: string, limit = 100): Promise<AuditEntry[]> {
  requireAccess(auth, ADMIN);
  await getEmployeeOrFail(deps, id);
  return deps.audit.listFor(EMPLOYEE_ENTITY, id, { limit });
}
