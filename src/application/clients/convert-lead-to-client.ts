import type { Contact } from '../../domain/clients/client.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { emailSchema, phoneSchema, type ClientView } from '../../contracts/clients.ts';
import type { ClientDeps } from './client-deps.ts';
import { buildClient, clientChanges } from './client-changes.ts';
import { clientView } from './client-views.ts';

/**
 * One step from a quote request to a client with one site at the lead's address; the lead
 * becomes 'won' in the same transaction. Missing or malformed lead fields do not block it:
 * what cannot be used is kept in the notes for someone to tidy up.
 */
export async function convertLeadToClient(deps: Pick<ClientDeps, 'clients' | 'audit' | 'leads' | 'cipher' | 'clock' | 'ids'>, auth: AuthState, leadId: string): Promise<ClientView> {
  const actor = requireAccess(auth, 'editClients');
  const lead = await deps.leads.find(leadId);
  if (!lead) throw new DomainError('not-found', 'That quote request does not exist.');
  if (lead.convertedClientId) throw new DomainError('conflict', 'This quote request has already been converted to a client.');
  const notes: string[] = [`Converted from quote request ${lead.id}.`];
  const email = emailSchema.safeParse(lead.email);
  const phone = phoneSchema.safeParse(lead.phone);
  if (lead.email && !email.success) notes.push(`E-mail on the request was not valid: ${lead.email}`);
  if (lead.phone && !phone.success) notes.push(`Phone on the request was not valid: ${lead.phone}`);
  const name = lead.name.trim().slice(0, 120) || 'Unnamed lead';
  const contact: Contact = { name, role: '', emails: email.success ? [email.data] : [], phones: phone.success ? [phone.data] : [] };
  const address = { line1: lead.address.slice(0, 200), line2: '', city: '', region: '', postcode: lead.postcode.slice(0, 20), country: '' };
  const now = deps.clock.now();
  const client = buildClient(
    { cipher: deps.cipher, newId: () => deps.ids.next() },
    deps.ids.next(),
    {
      kind: lead.propertyType,
      name,
      company: '',
      contacts: email.success || phone.success ? [contact] : [],
      billingAddress: address,
      tags: [],
      notes: notes.join('\n'),
      source: 'lead',
      sites: [],
    },
    now,
    { leadId: lead.id },
  );
  client.sites = [
    {
      id: deps.ids.next(),
      label: 'Main site',
      address,
      geo: null,
      alarm: { centralStation: '', accountNumber: '', panelModel: '', zones: [], emergencyContacts: [], passcode: null },
    },
  ];
  const saved = await deps.clients.createForLead(client, lead.id);
  await deps.audit.recordAll([auditEntry(actor, now, saved.id, 'convert-lead', [{ field: 'leadId', from: null, to: lead.id }, ...clientChanges(null, saved)])]);
  return clientView(saved);
}
