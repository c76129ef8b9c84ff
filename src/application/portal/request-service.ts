import type { AuthState } from '../../domain/auth/permissions.ts';
import { newContactMessage } from '../../domain/contact/contact-message.ts';
import type { ServiceRequestInput } from '../../contracts/portal.ts';
import { contactIndexOf, notYours, ownedClient, type PortalDeps } from './portal-deps.ts';

type Input = { siteId: string; summary: string; details: string; preferredTimes: string };

/**
 * A customer asks for service at one of their sites. It lands in the office inbox (kind
 * 'support', so the inbox and its unread count show it) with the client, site and the
 * customer's contact, and is kept beside the message so staff can open a service job from it.
 */
export async function requestService(deps: PortalDeps, auth: AuthState, clientId: string, input: Input & Partial<ServiceRequestInput>): Promise<{ message: string }> {
  const { client, email } = await ownedClient(deps, auth, clientId);
  const site = client.sites.find((s) => s.id === input.siteId);
  // Only a tampered request names a site the form did not offer: answered like any record not theirs.
  if (!site) throw notYours();
  const contact = client.contacts[contactIndexOf(client, email)];
  const id = deps.ids.next();
  // The customer's own words and times, in the inbox message and the office's mail alike.
  const asked = [...(input.details ? ['', input.details] : []), ...(input.preferredTimes ? ['', `Preferred times: ${input.preferredTimes}`] : [])];
  const lines = [
    `Service request from the client hub.`,
    `Client: ${client.name}${client.company ? ` (${client.company})` : ''}`,
    `Site: ${site.label}`,
    `What needs doing: ${input.summary}`,
    ...asked,
    '',
    `Client record: ${deps.baseUrl}/admin/clients/${client.id}`,
  ];
  await deps.contactMessages.add(
    newContactMessage(
      { name: contact?.name ?? client.name, email, phone: contact?.phones[0] ?? null, subject: `Service request: ${input.summary}`.slice(0, 200), message: lines.join('\n'), kind: 'support' },
      id,
      deps.clock.now(),
    ),
  );
  await deps.serviceRequests.add({ messageId: id, clientId: client.id, siteId: site.id, title: input.summary, details: [input.details, input.preferredTimes && `Preferred times: ${input.preferredTimes}`].filter(Boolean).join('\n\n'), jobId: null });
  const who = [contact?.name ?? client.name, email, contact?.phones[0]].filter(Boolean).join(' · ');
  await deps.notify?.({ kind: 'service-requested', requestId: id, clientId: client.id, clientName: client.name, summary: input.summary, details: [`Site: ${site.label}`, `From: ${who}`, ...asked] });
  return { message: `Thank you. Your request for ${site.label} is with our office; we will contact you to book a visit.` };
}
