import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry, creation } from '../../domain/audit/audit-entry.ts';
import { INVOICE_ENTITY, invoiceChanges, issueCreditNote, issueDateProblem, yearOf, type Invoice } from '../../domain/invoices/invoice.ts';
import type { InvoiceLineInput } from '../../domain/invoices/invoice-issuer.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { calendarOf, type InvoiceDeps } from './invoice-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface CreditNoteRequest {
  lines: InvoiceLineInput[];
  reason: string;
  issueDate?: string;
}

/** A credit note with its own number, settling part of a sent invoice; both audited. */
export async function createCreditNote(deps: InvoiceDeps, auth: AuthState, originalId: string, req: CreditNoteRequest): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  const calendar = calendarOf(deps);
  const issueDate = req.issueDate ?? calendar.today;
  const dateProblem = issueDateProblem(issueDate, calendar);
  if (dateProblem) throw new DomainError('validation', dateProblem, { issueDate: [dateProblem] });
  if (!(await deps.invoices.get(originalId))) throw new DomainError('not-found', `No invoice ${originalId}.`);
  const id = deps.ids.next();
  const publicToken = deps.tokens.next();
  const now = deps.clock.now();
  const at = now.toISOString();
  return deps.invoices.createCreditNote(originalId, yearOf(issueDate), (original, sequence) => {
    const made = issueCreditNote(original, { id, sequence, publicToken, lines: req.lines, reason: req.reason, issueDate, now, calendar });
    return {
      creditNote: {
        invoice: made.creditNote,
        audit: auditEntry(actor, at, INVOICE_ENTITY, made.creditNote.id, 'create-credit-note', creation(made.creditNote.number, [{ field: 'creditFor', from: null, to: original.number }, ...invoiceChanges(null, made.creditNote)])),
      },
      original: {
        invoice: made.original,
        audit: auditEntry(actor, at, INVOICE_ENTITY, originalId, 'credit', [{ field: 'creditNote', from: null, to: made.creditNote.number }, ...invoiceChanges(original, made.original)]),
      },
    };
  });
}
