import type { AuthState } from '../../domain/auth/permissions.ts';
import type { Invoice } from '../../domain/invoices/invoice.ts';
import { formatMoney } from '../../domain/shared/money.ts';
import { formatCalendarDay } from '../../domain/shared/calendar-date.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { aboutInvoice } from '../../domain/mail/mailer.ts';
import { markInvoiceSent } from './change-invoice.ts';
import { publicLink, renderInvoicePdf, type InvoiceDeps } from './invoice-deps.ts';
import { requireAccess } from '../shared/require-access.ts';
import { linkActive } from '../../domain/shared/public-link.ts';
import { contactNameFor, greeting } from '../../domain/clients/contact-greeting.ts';

export interface SendInvoiceRequest {
  /** Defaults to the client's e-mail. */
  to?: string;
  message?: string;
}

/** "Invoice INV-2026-0004 from Acme Security" (the send preview shows the same). */
export const invoiceMailSubject = (inv: Pick<Invoice, 'kind' | 'number'>, company: { name: string }): string =>
  `${inv.kind === 'credit-note' ? 'Credit note' : 'Invoice'} ${inv.number} from ${company.name}`;

/**
 * Sends the invoice by e-mail with its PDF attached and the public link, then marks it sent
 * (which locks its lines). The mail goes first: a failed delivery leaves a draft a draft.
 */
export async function sendInvoice(deps: InvoiceDeps, auth: AuthState, id: string, req: SendInvoiceRequest): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  const inv = await deps.invoices.get(id);
  if (!inv) throw new DomainError('not-found', `No invoice ${id}.`);
  if (inv.status === 'void') throw new DomainError('conflict', `${inv.number} is void.`);
  if (!linkActive(inv)) throw new DomainError('conflict', `The client link of ${inv.number} is revoked. Make a new link first (New link), then send.`);
  const to = req.to?.trim() || inv.clientEmail;
  if (!to) throw new DomainError('validation', 'The client has no e-mail address.', { to: ['Enter the address to send to.'] });
  const sent = { ...inv, status: inv.status === 'draft' ? ('sent' as const) : inv.status };
  const pdf = await renderInvoicePdf(deps, sent);
  const money = (c: number) => formatMoney(c, deps.format);
  const what = inv.kind === 'credit-note' ? 'Credit note' : 'Invoice';
  const day = (iso: string) => formatCalendarDay(iso, deps.format.locale, 'words');
  const text = [
    greeting(contactNameFor((await deps.clients.getClient(inv.clientId))?.contacts, to)),
    '',
    req.message?.trim() || `Please find ${what.toLowerCase()} ${inv.number} attached.`,
    '',
    `${what} ${inv.number}, issued ${day(inv.issueDate)}${inv.kind === 'invoice' ? `, due ${day(inv.dueDate)}` : ''}`,
    `Total: ${money(inv.totalCents)}`,
    ...(inv.kind === 'invoice' ? [`Balance due: ${money(inv.balanceCents)}`] : []),
    '',
    `View and download it online: ${publicLink(deps, inv.publicToken)}`,
    '',
    deps.company.name,
    deps.company.phone,
    deps.company.email,
  ].join('\n');
  await deps.mailer.send({
    to,
    replyTo: deps.company.email,
    subject: invoiceMailSubject(inv, deps.company),
    text,
    attachments: [{ filename: `${inv.number}.pdf`, contentType: 'application/pdf', content: pdf }],
    kind: 'invoice',
    about: aboutInvoice(inv),
  });
  return markInvoiceSent(deps, actor, id, to);
}
