import type { AuthState } from '../../domain/auth/permissions.ts';
import type { EmployeeRecord } from '../../domain/employees/employee-record.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';
import { getEmployeeOrFail, type EmployeeDeps } from './employee-change.ts';

export async function getEmployee(deps: Pick<EmployeeDeps, 'employees'>, auth: AuthState, id: string): Promise<EmployeeRecord> {
  requireAccess(auth, ADMIN);
  return getEmployeeOrFail(deps, id);
}
