import type { AuthState } from '../../domain/auth/permissions.ts';
import {
  INVOICE_ENTITY,
  correctPayment,
  invoiceChanges,
  markSent,
  paymentChanges,
  recordPayment,
  removePayment,
  reviseDraft,
  voidInvoice,
  type DraftFields,
  type Invoice,
  type PaymentInput,
} from '../../domain/invoices/invoice.ts';
import { auditEntry, type Actor, type AuditChange } from '../../domain/audit/audit-entry.ts';
import { calendarOf, type InvoiceDeps } from './invoice-deps.ts';
import { requireAccess } from '../shared/require-access.ts';
import { linkActive, linkChange } from '../../domain/shared/public-link.ts';

/**
 * One audited change through the repository: `apply` maps the current invoice to the next;
 * `extra` adds changes the invoice's own fields do not show (a payment's amount or date).
 */
export async function changeInvoice(
  deps: InvoiceDeps,
  actor: Actor,
  id: string,
  action: string,
  apply: (current: Invoice, now: Date) => Invoice,
  extra: (current: Invoice, next: Invoice) => AuditChange[] = () => [],
): Promise<Invoice> {
  const now = deps.clock.now();
  return deps.invoices.update(id, (current) => {
    const next = apply(current, now);
    if (next === current) return null;
    const changes = [...extra(current, next), ...invoiceChanges(current, next)];
    return { invoice: next, audit: auditEntry(actor, now, INVOICE_ENTITY, id, action, changes) };
  });
}

export async function updateDraft(deps: InvoiceDeps, auth: AuthState, id: string, fields: DraftFields): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  const calendar = calendarOf(deps);
  return changeInvoice(deps, actor, id, 'update', (inv, now) => reviseDraft(inv, fields, now, calendar));
}

export async function addPayment(deps: InvoiceDeps, auth: AuthState, id: string, payment: PaymentInput): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  const paymentId = deps.ids.next();
  const calendar = calendarOf(deps);
  const saved = await changeInvoice(
    deps,
    actor,
    id,
    'payment',
    (inv, now) => recordPayment(inv, payment, { ...calendar, id: paymentId, now, by: actor.name }),
    (_, next) => paymentChanges(null, next.payments.find((p) => p.id === paymentId) ?? null),
  );
  const paid = saved.payments.find((p) => p.id === paymentId);
  if (paid) await deps.notify?.({ kind: 'payment-received', invoice: saved, paymentId, amountCents: paid.amountCents, date: paid.date, source: 'recorded' });
  return saved;
}

const paymentIn = (inv: Invoice, paymentId: string) => inv.payments.find((p) => p.id === paymentId) ?? null;

/** PATCH a recorded payment (same permission as recording one); balance and status follow. */
export async function updatePayment(deps: InvoiceDeps, auth: AuthState, id: string, paymentId: string, payment: PaymentInput): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  const calendar = calendarOf(deps);
  return changeInvoice(
    deps,
    actor,
    id,
    'payment-corrected',
    (inv, now) => correctPayment(inv, paymentId, payment, { ...calendar, now, by: actor.name }),
    (before, next) => paymentChanges(paymentIn(before, paymentId), paymentIn(next, paymentId)),
  );
}

/** Removes a payment recorded by mistake; a paid invoice is open again (sent, or overdue). */
export async function deletePayment(deps: InvoiceDeps, auth: AuthState, id: string, paymentId: string): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  return changeInvoice(
    deps,
    actor,
    id,
    'payment-removed',
    (inv, now) => removePayment(inv, paymentId, now),
    (before) => paymentChanges(paymentIn(before, paymentId), null),
  );
}

export async function voidAnInvoice(deps: InvoiceDeps, auth: AuthState, id: string, reason: string): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  const { money } = calendarOf(deps);
  return changeInvoice(deps, actor, id, 'void', (inv, now) => voidInvoice(inv, reason, now, money), (before) => (linkActive(before) ? [linkChange(before, 'revoked')] : []));
}

/** Marks it sent; `to`, the address a mail went to, is kept in the history (the send box's "Last sent … to …"). */
export async function markInvoiceSent(deps: InvoiceDeps, actor: Actor, id: string, to?: string): Promise<Invoice> {
  return changeInvoice(deps, actor, id, 'send', (inv, now) => markSent(inv, now), () => (to ? [{ field: 'to', from: null, to }] : []));
}
