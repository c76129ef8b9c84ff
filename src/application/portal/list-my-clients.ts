import type { AuthState } from '../../domain/auth/permissions.ts';
import { verifiedEmailOf } from '../../domain/auth/menu.ts';
import { CUSTOMER, requireAccess } from '../shared/require-access.ts';
import type { PortalDeps } from './portal-deps.ts';

/** The clients whose contact holds the caller's verified e-mail: the hub's picker (often one). */
export async function listMyClients(deps: Pick<PortalDeps, 'directory'>, auth: AuthState): Promise<{ email: string; clients: { id: string; name: string; company: string }[] }> {
  requireAccess(auth, CUSTOMER);
  const email = verifiedEmailOf(auth)!;
  const clients = await deps.directory.clientsForEmail(email);
  return { email, clients: clients.map((c) => ({ id: c.id, name: c.name, company: c.company })) };
}
