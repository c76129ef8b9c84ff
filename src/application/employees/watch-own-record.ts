import type { EmployeeRepository } from '../../domain/auth/employee-repository.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { requireSignedIn } from '../shared/require-access.ts';

/**
 * R-AUTH-3, R-DB-9: tells a signed-in person's open screens when the employee record behind
 * their e-mail changes (first with the current state). Null when they have no e-mail to watch.
 */
export interface WatchOwnRecordDeps {
  employees: Pick<EmployeeRepository, 'watchEmail'>;
}

export function watchOwnRecord(
  deps: WatchOwnRecordDeps,
  auth: AuthState,
  listener: { next: () => void; error: (err: Error) => void },
): (() => void) | null {
  requireSignedIn(auth);
  if (auth.kind === 'signed-out' || !auth.user.email) return null;
  return deps.employees.watchEmail(auth.user.email, () => listener.next(), listener.error);
}
