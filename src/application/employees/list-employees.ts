import type { AuthState } from '../../domain/auth/permissions.ts';
import type { EmployeeListQuery, EmployeePage } from '../../domain/employees/employee-record.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';
import type { EmployeeDeps } from './employee-change.ts';

export async function listEmployees(deps: Pick<EmployeeDeps, 'employees'>, auth: AuthState, query: EmployeeListQuery): Promise<EmployeePage> {
  requireAccess(auth, ADMIN);
  return deps.employees.list(query);
}
