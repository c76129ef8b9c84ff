import type { Employee } from './permissions.ts';

/**
 * Employee records. `findByEmail` is the live lookup the sign-in state is built from (R-AUTH-3):
 * it is asked on every request, and `watchEmail` tells open screens when the record changes.
 */
export interface EmployeeRepository {
  findByEmail(email: string): Promise<Employee | null>;
  /** Calls back after every committed change to the record with this e-mail (R-DB-9). */
  watchEmail(email: string, onChange: (employee: Employee | null) => void, onError?: (error: Error) => void): () => void;
}
