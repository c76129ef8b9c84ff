import type { ClientImportPreview } from '../../contracts/clients.ts';
import { parseClientCsv } from './client-csv.ts';

/** Parses and checks every row; writes nothing. */
export function previewClientImport(csv: string): ClientImportPreview {
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
