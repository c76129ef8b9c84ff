import type { AuthState } from '../../domain/auth/permissions.ts';
import type { EmployeeRecord } from '../../domain/employees/employee-record.ts';
import { adminActor } from './admin-actor.ts';
import { getEmployeeOrFail, type EmployeeDeps } from './employee-change.ts';

export async function getEmployee(deps: Pick<EmployeeDeps, 'employees'>, auth: AuthState, id: string): Promise<EmployeeRecord> {
  adminActor(auth);
  return getEmployeeOrFail(deps, id);
}
