import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ClientDeps } from './client-deps.ts';
import { buildClient } from './client-changes.ts';
import { parseClientCsv, type ImportMapping } from './client-csv.ts';
import { findImportDuplicates } from './import-duplicates.ts';

/**
 * Imports every row or none: the file is checked again (it may differ from the previewed one)
 * and refused whole if any row has an error; the clients are then created in one transaction.
 * Rows with the e-mail or phone of an existing client or of an earlier row are left out when
 * `skipDuplicates` (the default), so importing the same file twice adds nobody twice.
 */
export async function commitClientImport(
  deps: Pick<ClientDeps, 'clients' | 'audit' | 'cipher' | 'clock' | 'ids'>,
  auth: AuthState,
  csv: string,
  options: { mapping?: ImportMapping; skipDuplicates?: boolean } = {},
): Promise<{ created: number; skipped: number }> {
  const actor = requireAccess(auth, 'editClients');
  const { rows: all, fileErrors } = parseClientCsv(csv, options.mapping ?? {});
  if (fileErrors.length) throw new DomainError('validation', fileErrors.join(' '), { csv: fileErrors });
  const bad = all.filter((r) => r.input === null);
  if (bad.length) {
    const lines = bad.slice(0, 10).map((r) => r.line);
    throw new DomainError('validation', `${bad.length} row(s) have errors (line ${lines.join(', ')}${bad.length > 10 ? ', …' : ''}); nothing was imported.`, {
      csv: [`${bad.length} row(s) have errors.`],
    });
  }
  const duplicates = options.skipDuplicates === false ? new Map<number, string>() : await findImportDuplicates(deps.clients, all);
  const rows = all.filter((r) => !duplicates.has(r.line));
  const now = deps.clock.now();
  const clients = rows.map((r) => buildClient({ cipher: deps.cipher, newId: () => deps.ids.next() }, deps.ids.next(), r.input!, now));
  await deps.clients.createMany(clients);
  await deps.audit.recordAll(clients.map((c) => auditEntry(actor, now, c.id, 'import', [{ field: 'name', from: null, to: c.name }])));
  return { created: clients.length, skipped: duplicates.size };
}
