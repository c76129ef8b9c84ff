import type { AuthState } from '../../domain/auth/permissions.ts';
import type { EmployeePatch } from '../../domain/employees/employee-record.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';
import { changeEmployee, type EmployeeChange, type EmployeeDeps } from './employee-change.ts';

/** Edits any of the record's fields; permission switches keep "edit implies view". */
export async function updateEmployee(deps: EmployeeDeps, auth: AuthState, id: string, patch: EmployeePatch): Promise<EmployeeChange> {
  return changeEmployee(deps, requireAccess(auth, ADMIN), id, patch, 'update');
}
