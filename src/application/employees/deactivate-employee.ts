import type { AuthState } from '../../domain/auth/permissions.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';
import { changeEmployee, type EmployeeChange, type EmployeeDeps } from './employee-change.ts';

/**
 * Sets the status to 'inactive'. Sign-in looks the record up on every request (R-AUTH-3), and a
 * record that is not active counts as no employee (R-AUTH-4), so the person loses access on
 * their next request without being signed out. Permissions are kept for a later return.
 */
export async function deactivateEmployee(deps: EmployeeDeps, auth: AuthState, id: string): Promise<EmployeeChange> {
  return changeEmployee(deps, requireAccess(auth, ADMIN), id, { employmentStatus: 'inactive' }, 'deactivate');
}
