import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ClientDeps } from './client-deps.ts';
import { loadClient } from './get-client.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Refused while jobs or invoices point at the client: their history must stay whole. */
export async function deleteClient(deps: Pick<ClientDeps, 'clients' | 'audit' | 'relations' | 'clock'>, auth: AuthState, id: string): Promise<void> {
  const actor = requireAccess(auth, 'editClients');
  const client = await loadClient(deps, id);
  const { jobs, invoices } = await deps.relations.countBlocking(id);
  if (jobs > 0 || invoices > 0) {
    const what = [jobs > 0 ? plural(jobs, 'job') : null, invoices > 0 ? plural(invoices, 'invoice') : null].filter(Boolean).join(' and ');
    throw new DomainError('conflict', `${client.name} has ${what}, so the client cannot be deleted. Archive the client instead.`);
  }
  await deps.clients.delete(id);
  await deps.audit.recordAll([auditEntry(actor, deps.clock.now(), id, 'delete', [{ field: 'name', from: client.name, to: null }])]);
}
