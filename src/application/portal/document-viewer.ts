import type { AuthState } from '../../domain/auth/permissions.ts';
import { CUSTOMER, requireAccess } from '../shared/require-access.ts';
import { contactIndexOf, notYours, ownedClient, type PortalDeps } from './portal-deps.ts';

export type ViewedDocument = 'proposal' | 'invoice';

/**
 * Who is looking at a public proposal or invoice page (/p/, /i/), when it is a signed-in customer
 * of that document's client: their client (for "Back to your account") and their contact's name
 * and e-mail (to prefill the acceptance). Anyone else, and a token that leads nowhere, gets the
 * portal's 404, so the answer tells a stranger nothing about the document.
 */
export async function documentViewer(deps: Pick<PortalDeps, 'directory' | 'invoices'>, auth: AuthState, kind: ViewedDocument, token: string): Promise<{ clientId: string; name: string; email: string }> {
  requireAccess(auth, CUSTOMER);
  const clientId = kind === 'invoice' ? ((await deps.invoices.invoices.getByPublicToken(token))?.clientId ?? null) : await deps.directory.proposalClientId(token);
  // An unknown token is refused the same way as another client's document.
  const { client, email } = await ownedClient(deps, auth, clientId ?? '');
  if (!clientId) throw notYours();
  const contact = client.contacts[contactIndexOf(client, email)];
  return { clientId: client.id, name: contact?.name ?? '', email: contact?.emails.find((e) => e.trim().toLowerCase() === email) ?? email };
}
