import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ClientDeps } from './client-deps.ts';
import { buildClient } from './client-changes.ts';
import { parseClientCsv } from './client-csv.ts';

/**
 * Imports every row or none: the file is checked again (it may differ from the previewed one)
 * and refused whole if any row has an error; the clients are then created in one transaction.
 */
export async function commitClientImport(deps: Pick<ClientDeps, 'clients' | 'audit' | 'cipher' | 'clock' | 'ids'>, auth: AuthState, csv: string): Promise<{ created: number }> {
  const actor = requireAccess(auth, 'editClients');
  const { rows, fileErrors } = parseClientCsv(csv);
  if (fileErrors.length) throw new DomainError('validation', fileErrors.join(' '), { csv: fileErrors });
  const bad = rows.filter((r) => r.input === null);
  if (bad.length) {
    const lines = bad.slice(0, 10).map((r) => r.line);
    throw new DomainError('validation', `${bad.length} row(s) have errors (line ${lines.join(', ')}${bad.length > 10 ? ', …' : ''}); nothing was imported.`, {
      csv: [`${bad.length} row(s) have errors.`],
    });
  }
  const now = deps.clock.now();
  const clients = rows.map((r) => buildClient({ cipher: deps.cipher, newId: () => deps.ids.next() }, deps.ids.next(), r.input!, now));
  await deps.clients.createMany(clients);
  await deps.audit.recordAll(clients.map((c) => auditEntry(actor, now, c.id, 'import', [{ field: 'name', from: null, to: c.name }])));
  return { created: clients.length };
}
