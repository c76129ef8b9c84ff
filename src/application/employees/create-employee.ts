import type { AuthState } from '../../domain/auth/permissions.ts';
import { employeeChanges, newEmployeeFields, type EmployeePatch } from '../../domain/employees/employee-record.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';
import { assertEmailFree, auditEmployee, type EmployeeChange, type EmployeeDeps } from './employee-change.ts';

export type NewEmployeeInput = EmployeePatch & { email: string; name: string };

/** A new record (active unless said otherwise, switches off unless granted), audited as 'create'. */
export async function createEmployee(deps: EmployeeDeps, auth: AuthState, input: NewEmployeeInput): Promise<EmployeeChange> {
  const actor = requireAccess(auth, ADMIN);
  const fields = newEmployeeFields(input);
  await assertEmailFree(deps, fields, null);
  const employee = await deps.employees.create(fields);
  return { employee, audit: await auditEmployee(deps, actor, employee.id, 'create', employeeChanges(null, fields)) };
}
