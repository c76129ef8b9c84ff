import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ClientImportPreview } from '../../contracts/clients.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ClientDeps } from './client-deps.ts';
import { parseClientCsv, type ImportMapping } from './client-csv.ts';
import { findImportDuplicates } from './import-duplicates.ts';

/**
 * Parses and checks every row, flags rows that look like clients already there, and reports
 * which columns the file's headers fill; writes nothing. A step of the import, so it needs what
 * the import needs.
 */
export async function previewClientImport(deps: Pick<ClientDeps, 'clients'>, auth: AuthState, csv: string, mapping: ImportMapping = {}): Promise<ClientImportPreview> {
  requireAccess(auth, 'editClients');
  const { rows, fileErrors, columns, unmapped } = parseClientCsv(csv, mapping);
  const duplicates = await findImportDuplicates(deps.clients, rows);
  const valid = rows.filter((r) => r.input !== null).length;
  return {
    total: rows.length,
    valid,
    invalid: rows.length - valid,
    duplicates: duplicates.size,
    fileErrors,
    columns,
    unmapped,
    rows: rows.map((r) => ({
      line: r.line,
      name: r.cells['name'] || r.cells['company'] || '',
      kind: r.cells['kind'] ?? '',
      email: r.cells['email'] ?? '',
      errors: r.errors,
      duplicate: duplicates.get(r.line) ?? null,
    })),
  };
}
