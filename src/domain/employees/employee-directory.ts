import type { EmployeeFields, EmployeeListQuery, EmployeePage, EmployeeRecord } from './employee-record.ts';

/**
 * The employee database for the back office. (Sign-in reads the same records through
 * `EmployeeRepository.findByEmail`, src/domain/auth/employee-repository.ts.)
 * E-mails are unique: `create` and `update` fail with a DomainError 'conflict' carrying a field
 * error on `email` when another record holds the address.
 */
export interface EmployeeDirectory {
  list(query: EmployeeListQuery): Promise<EmployeePage>;
  get(id: string): Promise<EmployeeRecord | null>;
  /** The record holding this (normalised) e-mail, if any. */
  findByEmail(email: string): Promise<EmployeeRecord | null>;
  create(fields: EmployeeFields): Promise<EmployeeRecord>;
  /** Replaces the editable fields; not-found when the record is missing. */
  update(id: string, fields: EmployeeFields): Promise<EmployeeRecord>;
}
