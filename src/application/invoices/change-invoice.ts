import type { AuthState } from '../../domain/auth/permissions.ts';
import {
  INVOICE_ENTITY,
  invoiceChanges,
  markSent,
  recordPayment,
  reviseDraft,
  voidInvoice,
  type DraftFields,
  type Invoice,
  type PaymentInput,
} from '../../domain/invoices/invoice.ts';
import { auditEntry, type Actor } from '../../domain/audit/audit-entry.ts';
import { todayOf, type InvoiceDeps } from './invoice-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

/** One audited change through the repository: `apply` maps the current invoice to the next. */
export async function changeInvoice(deps: InvoiceDeps, actor: Actor, id: string, action: string, apply: (current: Invoice, now: Date) => Invoice): Promise<Invoice> {
  const now = deps.clock.now();
  return deps.invoices.update(id, (current) => {
    const next = apply(current, now);
    if (next === current) return null;
    const changes = invoiceChanges(current, next);
    return { invoice: next, audit: auditEntry(actor, now, INVOICE_ENTITY, id, action, changes) };
  });
}

export async function updateDraft(deps: InvoiceDeps, auth: AuthState, id: string, fields: DraftFields): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  return changeInvoice(deps, actor, id, 'update', (inv, now) => reviseDraft(inv, fields, now));
}

export async function addPayment(deps: InvoiceDeps, auth: AuthState, id: string, payment: PaymentInput): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  const paymentId = deps.ids.next();
  const today = todayOf(deps);
  return changeInvoice(deps, actor, id, 'payment', (inv, now) => recordPayment(inv, payment, { id: paymentId, now, today, by: actor.name }));
}

export async function voidAnInvoice(deps: InvoiceDeps, auth: AuthState, id: string, reason: string): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  return changeInvoice(deps, actor, id, 'void', (inv, now) => voidInvoice(inv, reason, now));
}

export async function markInvoiceSent(deps: InvoiceDeps, actor: Actor, id: string): Promise<Invoice> {
  return changeInvoice(deps, actor, id, 'send', (inv, now) => markSent(inv, now));
}
