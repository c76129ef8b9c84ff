import type { Contact } from '../../domain/clients/client.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { leadConversionDraft } from '../../domain/clients/lead-conversion.ts';
import { requireAccess } from '../shared/require-access.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { leadConversionSchema, type ClientView, type LeadConversionInput } from '../../contracts/clients.ts';
import { validationError } from '../shared/field-errors.ts';
import type { ClientDeps } from './client-deps.ts';
import { buildClient, clientChanges } from './client-changes.ts';
import { clientView } from './client-views.ts';

/**
 * A quote request becomes a client with one site, from the form the person reviewed (fields
 * left out come from the request's draft: address split, services as tags, description in the
 * notes). The lead becomes 'converted' in the same transaction, linked to the client; it is won
 * only when something is sold (markLeadWon).
 */
export async function convertLeadToClient(
  deps: Pick<ClientDeps, 'clients' | 'audit' | 'leads' | 'cipher' | 'clock' | 'ids'>,
  auth: AuthState,
  leadId: string,
  reviewed: Partial<LeadConversionInput> = {},
): Promise<ClientView> {
  const actor = requireAccess(auth, 'editClients');
  const lead = await deps.leads.find(leadId);
  if (!lead) throw new DomainError('not-found', 'That quote request does not exist.');
  if (lead.convertedClientId) throw new DomainError('conflict', 'This quote request has already been converted to a client.');
  const { unparsedAddress: _unparsed, ...draft } = leadConversionDraft(lead);
  const parsed = leadConversionSchema.safeParse({ ...draft, ...reviewed });
  if (!parsed.success) throw validationError(parsed.error.issues);
  const input = parsed.data;
  const contact: Contact = { name: input.name, role: '', emails: input.email ? [input.email] : [], phones: input.phone ? [input.phone] : [] };
  const now = deps.clock.now();
  const client = buildClient(
    { cipher: deps.cipher, newId: () => deps.ids.next() },
    deps.ids.next(),
    {
      kind: input.kind,
      name: input.name,
      company: '',
      contacts: input.email || input.phone ? [contact] : [],
      billingAddress: input.address,
      tags: input.tags,
      notes: input.notes,
      source: 'lead',
      sites: [{ label: input.siteLabel, address: input.address, geo: null, alarm: { centralStation: '', accountNumber: '', panelModel: '', zones: [], emergencyContacts: [] } }],
    },
    now,
    { leadId: lead.id },
  );
  const saved = await deps.clients.createForLead(client, lead.id);
  await deps.audit.recordAll([auditEntry(actor, now, saved.id, 'convert-lead', [{ field: 'leadId', from: null, to: lead.id }, ...clientChanges(null, saved)])]);
  return clientView(saved);
}
