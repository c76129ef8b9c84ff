import { join } from 'node:path';
import { openSqliteDocumentStore } from '../../../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentEmployeeDirectory } from '../../../src/adapters/documents/document-employee-directory.ts';
import { DocumentAuditLog } from '../../../src/adapters/documents/document-audit-log.ts';
import { DocumentCalendarFeedRepository } from '../../../src/adapters/documents/document-calendar-feed-repository.ts';
import type { EmployeeDeps } from '../../../src/application/employees/employee-change.ts';
import type { AuthState } from '../../../src/domain/auth/permissions.ts';
import type { DocumentStore } from '../../../src/domain/persistence/document-store.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { aUser, anEmployee } from '../auth/factories.ts';

/**
 * Use cases with their real adapters on a real SQLite file in a temp folder (immich's "medium"
 * tests): only the clock is ours, one second further on each reading, so times are distinct.
 */
export function mediumEmployees(): { deps: EmployeeDeps; store: DocumentStore; close: () => Promise<void> } {
  const dir = tempDir('shieldline-employees-');
  let t = Date.parse('2026-03-02T09:00:00.000Z');
  const clock = { now: () => new Date((t += 1000)) };
  let n = 0;
  const ids = { next: () => `id-${++n}` };
  const store = openSqliteDocumentStore(join(dir.path, 'app.db'), { clock, ids });
  return {
    deps: { employees: new DocumentEmployeeDirectory(store), audit: new DocumentAuditLog(store, ids), clock, feeds: new DocumentCalendarFeedRepository(store) },
    store,
    close: async () => {
      await store.close();
      dir.remove();
    },
  };
}

export const anAdmin = (): AuthState => ({ kind: 'admin', user: aUser({ displayName: 'Frank Miller' }) });
export const anEmployeeState = (): AuthState => {
  const user = aUser();
  return { kind: 'employee', user, employee: anEmployee(user.email!, { permissions: { viewJobs: true } }) };
};
