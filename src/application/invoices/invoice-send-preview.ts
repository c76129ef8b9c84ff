import type { AuthState } from '../../domain/auth/permissions.ts';
import { INVOICE_ENTITY } from '../../domain/invoices/invoice.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { SendPreview } from '../shared/send-preview.ts';
import { recipientName } from '../../domain/clients/contact-greeting.ts';
import { invoiceMailSubject } from './send-invoice.ts';
import { publicLink, type InvoiceDeps } from './invoice-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

/**
 * What sending the invoice would do: to whom (the invoice's address, else the client's current
 * one), the subject, the PDF and the link, and when it was last sent. The screen asks with it.
 */
export async function invoiceSendPreview(deps: InvoiceDeps, auth: AuthState, id: string): Promise<SendPreview> {
  requireAccess(auth, 'editInvoices');
  const inv = await deps.invoices.get(id);
  if (!inv) throw new DomainError('not-found', `No invoice ${id}.`);
  const [client, history] = await Promise.all([deps.clients.getClient(inv.clientId), deps.audit.listFor(INVOICE_ENTITY, id, { limit: 100 })]);
  const sent = history.find((e) => e.action === 'send');
  const sentTo = sent?.changes.find((c) => c.field === 'to')?.to;
  return {
    clientId: inv.clientId,
    toName: recipientName(client?.contacts, inv.clientEmail ?? client?.email ?? null, inv.clientName),
    to: inv.clientEmail ?? client?.email ?? null,
    subject: invoiceMailSubject(inv, deps.company),
    attachments: [`${inv.number}.pdf`],
    link: publicLink(deps, inv.publicToken),
    lastSentAt: sent?.at ?? inv.sentAt,
    lastSentTo: typeof sentTo === 'string' ? sentTo : null,
  };
}
