import { auditEntry, type Actor } from '../../domain/audit/audit-entry.ts';
import { dayIn, INVOICE_ENTITY, type Invoice } from '../../domain/invoices/invoice.ts';
import type { InvoiceQuery } from '../../domain/invoices/invoice-repository.ts';
import { addLateFee } from '../../domain/invoices/late-fee.ts';
import type { PauseScope, RemindableInvoice, ReminderInvoices } from '../../domain/reminders/reminder-log.ts';
import type { DirectoryClient } from '../../domain/clients/client-directory.ts';
import { contactNameFor } from '../../domain/clients/contact-greeting.ts';
import { linkActive } from '../../domain/shared/public-link.ts';
import { publicLink, todayOf, type InvoiceDeps } from '../invoices/invoice-deps.ts';

const remindable = (deps: InvoiceDeps, inv: Invoice, contactName: string | null): RemindableInvoice => ({
  id: inv.id,
  number: inv.number,
  clientId: inv.clientId,
  clientName: inv.clientName,
  email: inv.clientEmail,
  contactName,
  status: inv.status,
  dueDate: inv.dueDate,
  // sentAt is set once, when the draft is first sent (markSent); older records without it count from the issue date.
  firstSentDate: inv.sentAt ? dayIn(deps.format.timeZone, new Date(inv.sentAt)) : inv.issueDate,
  totalCents: inv.totalCents,
  balanceCents: inv.balanceCents,
  // A revoked link is not mailed again (issue 15 finding 6): the reminder goes without one.
  publicUrl: linkActive(inv) ? publicLink(deps, inv.publicToken) : null,
});

/** The invoices feature as the payment reminders see it (the ReminderInvoices port). */
export class InvoiceReminderSource implements ReminderInvoices {
  private readonly deps: InvoiceDeps;

  constructor(deps: InvoiceDeps) {
    this.deps = deps;
  }

  async listUnpaid(): Promise<RemindableInvoice[]> {
    const out: RemindableInvoice[] = [];
    const contacts = new Map<string, Promise<DirectoryClient['contacts']>>();
    const contactsOf = (clientId: string) => contacts.get(clientId) ?? contacts.set(clientId, this.deps.clients.getClient(clientId).then((c) => c?.contacts)).get(clientId)!;
    for (const status of ['sent', 'partial'] as const) {
      let cursor: string | null = null;
      do {
        const q: InvoiceQuery = { status, overdue: null, today: todayOf(this.deps), clientId: null, from: null, to: null, words: [], sort: 'dueDate', direction: 'asc', limit: 100, cursor };
        const page = await this.deps.invoices.list(q);
        for (const inv of page.items) if (inv.kind === 'invoice') out.push(remindable(this.deps, inv, contactNameFor(await contactsOf(inv.clientId), inv.clientEmail)));
        cursor = page.nextCursor;
      } while (cursor !== null);
    }
    return out;
  }

  async labelFor(scope: PauseScope, targetId: string): Promise<string | null> {
    if (scope === 'invoice') return (await this.deps.invoices.get(targetId))?.number ?? null;
    return (await this.deps.clients.getClient(targetId))?.name ?? null;
  }

  async addLateFee(invoiceId: string, fee: { description: string; amountCents: number; key: string }, actor: Actor): Promise<{ balanceCents: number; totalCents: number }> {
    const now = this.deps.clock.now();
    const saved = await this.deps.invoices.update(invoiceId, (current) => {
      const next = addLateFee(current, fee, now);
      if (next === null) return null;
      return {
        invoice: next,
        audit: auditEntry(actor, now, INVOICE_ENTITY, invoiceId, 'late-fee', [
          { field: 'lateFeeCents', from: null, to: fee.amountCents },
          { field: 'totalCents', from: current.totalCents, to: next.totalCents },
        ]),
      };
    });
    return { balanceCents: saved.balanceCents, totalCents: saved.totalCents };
  }
}
