import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import type { Address, Client } from '../../domain/clients/client.ts';
import { newContactMessage } from '../../domain/contact/contact-message.ts';
import { contactDetailChanges, describeDetailChanges, type ContactDetails } from '../../domain/portal/contact-change.ts';
import { clientChanges } from '../clients/client-changes.ts';
import { recordHref } from '../../contracts/record-href.ts';
import { contactIndexOf, notYours, ownedClient, type PortalDeps } from './portal-deps.ts';

type Input = { phone: string; email: string; billingAddress: Address };

/**
 * The customer corrects their own phone, e-mail and the billing address. Audited on the client
 * with the customer as the actor; the office hears of it in its inbox. A new e-mail replaces the
 * one they signed in with, so they sign in with the new one from then on.
 */
export async function updateContactDetails(deps: PortalDeps, auth: AuthState, clientId: string, input: Input): Promise<{ message: string; emailChanged: boolean }> {
  const { client, email, actor } = await ownedClient(deps, auth, clientId);
  const email2 = input.email.trim().toLowerCase();
  // The caller's contact, found once on the record as it is changed; the same position names it before and after.
  let mine = -1;
  const change = (c: Client): Client => {
    mine = contactIndexOf(c, email);
    if (mine < 0) throw notYours();
    const contacts = c.contacts.map((k, j) => {
      if (j !== mine) return k;
      const emails = [input.email.trim(), ...k.emails.filter((e) => e.trim().toLowerCase() !== email && e.trim().toLowerCase() !== email2)];
      const phones = input.phone ? [input.phone, ...k.phones.slice(1).filter((p) => p !== input.phone)] : k.phones.slice(1);
      return { ...k, emails, phones };
    });
    return { ...c, contacts, billingAddress: input.billingAddress };
  };
  const { before, after } = await deps.clients.update(client.id, change);
  const changes = clientChanges(before, after);
  if (changes.length === 0) return { message: 'Nothing changed.', emailChanged: false };
  const now = deps.clock.now();
  await deps.audit.recordAll([auditEntry(actor, now, client.id, 'update', changes)]);
  const messageId = deps.ids.next();
  const details = (c: Client): ContactDetails => {
    const k = c.contacts[mine];
    return { phone: k?.phones[0] ?? null, email: k?.emails[0] ?? null, billingAddress: c.billingAddress };
  };
  const readable = contactDetailChanges(details(before), details(after), deps.locale);
  // The office knows the person by the contact's name (as on the client record and a service request), not the sign-in account's.
  const who = before.contacts[mine]?.name.trim() || actor.name;
  await deps.contactMessages.add(
    newContactMessage(
      {
        name: who,
        email: input.email.trim(),
        phone: input.phone || null,
        subject: `Contact details changed: ${client.name}`.slice(0, 200),
        message: [`${who} changed their details in the client hub:`, ...describeDetailChanges(readable), '', `${deps.baseUrl}${recordHref('client', client.id)}`].join('\n'),
        kind: 'support',
      },
      messageId,
      now,
    ),
  );
  await deps.notify?.({ kind: 'customer-details-changed', changeId: messageId, clientId: client.id, clientName: client.name, changes: readable });
  const emailChanged = email2 !== email;
  return { message: emailChanged ? `Saved. Sign in with ${email2} from now on.` : 'Saved. Our office has been told.', emailChanged };
}
