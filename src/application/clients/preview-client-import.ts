import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ClientImportPreview } from '../../contracts/clients.ts';
import { requireAccess } from '../shared/require-access.ts';
import { parseClientCsv } from './client-csv.ts';

/** Parses and checks every row; writes nothing. A step of the import, so it needs what the import needs. */
export function previewClientImport(auth: AuthState, csv: string): ClientImportPreview {
  requireAccess(auth, 'editClients');
  const { rows, fileErrors } = parseClientCsv(csv);
  const valid = rows.filter((r) => r.input !== null).length;
  return {
    total: rows.length,
    valid,
    invalid: rows.length - valid,
    fileErrors,
    rows: rows.map((r) => ({ line: r.line, name: r.cells['name'] ?? '', kind: r.cells['kind'] ?? '', email: r.cells['email'] ?? '', errors: r.errors })),
  };
}
