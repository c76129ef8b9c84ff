import { findSite } from '../../domain/clients/client.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import { passcodeContext } from '../../domain/clients/secret-cipher.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ClientDeps } from './client-deps.ts';
import { loadClient } from './get-client.ts';
import { siteNotFound } from './update-site.ts';

/**
 * The only way a passcode leaves the server, and only to those who may edit clients; the reveal is
 * audited (who, when, which site) before the passcode is returned, so no reveal goes unrecorded.
 */
export async function revealPasscode(deps: Pick<ClientDeps, 'clients' | 'audit' | 'cipher' | 'clock'>, auth: AuthState, clientId: string, siteId: string): Promise<string> {
  const actor = requireAccess(auth, 'editClients');
  const client = await loadClient(deps, clientId);
  const site = findSite(client, siteId);
  if (!site) throw siteNotFound();
  if (!site.alarm.passcode) throw new DomainError('not-found', 'This site has no alarm passcode on file.');
  let passcode: string;
  try {
    passcode = deps.cipher.open(site.alarm.passcode, passcodeContext(clientId, siteId));
  } catch {
    // Tampered with, or sealed under another key (CLIENT_SECRETS_KEY / SESSION_SECRET changed).
    throw new DomainError('conflict', 'The stored passcode cannot be decrypted with the current key. Enter it again.');
  }
  await deps.audit.recordAll([
    auditEntry(actor, deps.clock.now(), clientId, 'reveal-passcode', [{ field: `sites.${siteId}.alarm.passcode`, from: null, to: null }]),
  ]);
  return passcode;
}
