import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/audit/audit-entry.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { NotificationDeps } from './notification-deps.ts';
import { preferenceSubject } from './notify.ts';

type Deps = Pick<NotificationDeps, 'preferences' | 'clients' | 'audit' | 'clock' | 'unsubscribe' | 'company'>;

const clientNotFound = () => new DomainError('not-found', 'No such client.');

/** Whether the client receives customer messages (the client page's switch). */
export async function getCustomerMessages(deps: Deps, auth: AuthState, clientId: string): Promise<{ optedOut: boolean }> {
  requireAccess(auth, 'viewClients');
  if (!(await deps.clients.getClient(clientId))) throw clientNotFound();
  return { optedOut: await deps.preferences.optedOut(preferenceSubject.client(clientId)) };
}

/** Turns the client's customer messages (mail and SMS) off or on again; audited on the client. */
export async function setCustomerMessages(deps: Deps, auth: AuthState, clientId: string, optedOut: boolean): Promise<{ optedOut: boolean }> {
  const actor = requireAccess(auth, 'editClients');
  if (!(await deps.clients.getClient(clientId))) throw clientNotFound();
  const subject = preferenceSubject.client(clientId);
  const before = await deps.preferences.optedOut(subject);
  if (before !== optedOut) {
    await deps.preferences.setOptedOut(subject, optedOut, actor.name);
    await deps.audit.record(auditEntry(actor, deps.clock.now(), 'client', clientId, 'update', [{ field: 'customerMessages', from: before ? 'off' : 'on', to: optedOut ? 'off' : 'on' }]));
  }
  return { optedOut };
}

const invalidLink = (deps: Pick<Deps, 'company'>) => new DomainError('not-found', `This unsubscribe link is not valid. Please contact ${deps.company.name} at ${deps.company.email}.`);

/**
 * What the unsubscribe link's page shows before anything changes (opening the link never
 * unsubscribes: mail scanners follow links). Access: public (the customer's signed link).
 */
export async function unsubscribeLinkStatus(deps: Deps, token: string): Promise<{ company: string; subscribed: boolean }> {
  const subject = deps.unsubscribe.verify(token);
  if (!subject) throw invalidLink(deps);
  return { company: deps.company.name, subscribed: !(await deps.preferences.optedOut(subject)) };
}

/**
 * The unsubscribe link in every customer mail, posted (the page's button, or the mail program's
 * one-click unsubscribe, RFC 8058): the signed token is the only key (no sign-in), a forged or
 * damaged one changes nothing. Access: public (the customer's signed link).
 */
export async function unsubscribeWithToken(deps: Deps, token: string, subscribe = false): Promise<{ company: string; subscribed: boolean }> {
  const subject = deps.unsubscribe.verify(token);
  if (!subject) throw invalidLink(deps);
  if ((await deps.preferences.optedOut(subject)) === subscribe) {
    await deps.preferences.setOptedOut(subject, !subscribe, 'the customer (unsubscribe link)');
    const clientId = subject.startsWith('client:') ? subject.slice('client:'.length) : null;
    if (clientId) await deps.audit.record(auditEntry({ id: 'unsubscribe-link', name: 'The customer (unsubscribe link)' }, deps.clock.now(), 'client', clientId, 'update', [{ field: 'customerMessages', from: subscribe ? 'off' : 'on', to: subscribe ? 'on' : 'off' }]));
  }
  return { company: deps.company.name, subscribed: subscribe };
}
