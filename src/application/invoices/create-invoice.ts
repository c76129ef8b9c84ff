import { auditEntry, creation, type Actor } from '../../domain/audit/audit-entry.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { INVOICE_ENTITY, draftInvoice, invoiceChanges, issueDateProblem, yearOf, type Invoice } from '../../domain/invoices/invoice.ts';
import type { InvoiceIssuer, InvoiceLineInput, IssuedInvoice, NewInvoiceInput, PayableInvoiceState } from '../../domain/invoices/invoice-issuer.ts';
import { linkActive } from '../../domain/shared/public-link.ts';
import { markInvoiceSent } from './change-invoice.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { calendarOf, type InvoiceDeps } from './invoice-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

/** Creates a draft with the next gapless number of its issue year (what every caller goes through). */
export async function createInvoice(deps: InvoiceDeps, actor: Actor, input: NewInvoiceInput, audit: { action: string; from?: string } = { action: 'create' }): Promise<Invoice> {
  const client = await deps.clients.getClient(input.clientId);
  if (!client) throw new DomainError('validation', 'Pick a client.', { clientId: ['No such client.'] });
  if (input.siteId && !client.sites.some((s) => s.id === input.siteId)) throw new DomainError('validation', 'Pick one of the client’s sites.', { siteId: ['No such site.'] });
  const calendar = calendarOf(deps);
  const issueDate = input.issueDate ?? calendar.today;
  // Checked before the year's counter is touched: no INV-1999-… or INV-20266-… can be numbered.
  const dateProblem = issueDateProblem(issueDate, calendar);
  if (dateProblem) throw new DomainError('validation', dateProblem, { issueDate: [dateProblem] });
  const id = deps.ids.next();
  const publicToken = deps.tokens.next();
  const now = deps.clock.now();
  return deps.invoices.create(yearOf(issueDate), (sequence) => {
    const invoice = draftInvoice({
      id,
      sequence,
      publicToken,
      client: { id: client.id, name: client.company ? `${client.name} (${client.company})` : client.name, email: client.email },
      siteId: input.siteId ?? null,
      source: input.source,
      fields: { title: input.title ?? '', notes: input.notes ?? '', terms: input.terms, issueDate, lines: input.lines },
      now,
      calendar,
    });
    const origin = audit.from ? [{ field: 'duplicateOf', from: null, to: audit.from }] : [];
    return { invoice, audit: auditEntry(actor, now, INVOICE_ENTITY, invoice.id, audit.action, [...creation(invoice.number, invoiceChanges(null, invoice)), ...origin]) };
  });
}

/** The port proposals and monitoring contracts bill through. */
export class InvoiceIssuerService implements InvoiceIssuer {
  private readonly deps: InvoiceDeps;

  constructor(deps: InvoiceDeps) {
    this.deps = deps;
  }

  async createInvoice(input: NewInvoiceInput, actor: Actor): Promise<IssuedInvoice> {
    const { issue, ...fields } = input;
    const inv = await createInvoice(this.deps, actor, fields);
    if (issue) await markInvoiceSent(this.deps, actor, inv.id);
    return { id: inv.id, number: inv.number };
  }

  async payableState(invoiceId: string): Promise<PayableInvoiceState | null> {
    const inv = await this.deps.invoices.get(invoiceId);
    if (!inv) return null;
    return { id: inv.id, number: inv.number, status: inv.status, totalCents: inv.totalCents, balanceCents: inv.balanceCents, publicToken: linkActive(inv) ? inv.publicToken : null };
  }
}

export interface CreateInvoiceRequest extends Omit<NewInvoiceInput, 'source'> {
  /** Bill a job's materials (priced from the inventory) when given. */
  jobId?: string | null;
  /** The tax rate for lines taken from the job's materials. */
  materialsTaxRateBp?: number;
}

/** POST /api/invoices: blank, or from a job — its materials become lines ahead of any typed ones. */
export async function createInvoiceFromRequest(deps: InvoiceDeps, auth: AuthState, req: CreateInvoiceRequest): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  const { jobId, materialsTaxRateBp, ...rest } = req;
  if (!jobId) return createInvoice(deps, actor, { ...rest, source: { kind: 'blank', id: null } });
  const job = await deps.jobs.billableJob(jobId);
  if (!job) throw new DomainError('validation', 'No such job.', { jobId: ['No such job.'] });
  if (job.clientId !== rest.clientId) throw new DomainError('validation', 'The job belongs to another client.', { jobId: ['The job belongs to another client.'] });
  const fromJob: InvoiceLineInput[] = job.materials.map((m) => ({
    description: m.description,
    quantity: m.quantity,
    unitPriceCents: m.unitPriceCents,
    taxRateBp: materialsTaxRateBp ?? 0,
    itemId: m.itemId,
  }));
  return createInvoice(deps, actor, {
    ...rest,
    siteId: rest.siteId ?? job.siteId,
    title: rest.title || `${job.number} ${job.title}`.trim(),
    lines: [...fromJob, ...rest.lines],
    source: { kind: 'job', id: job.id },
  });
}

/**
 * A new draft like an existing invoice: same client, site, title, lines and notes, dated today
 * with the next number. Late-fee lines stay with the invoice that was late; the copy bills
 * nothing on a job's or contract's behalf (source blank), so nothing is billed twice.
 */
export async function duplicateInvoice(deps: InvoiceDeps, auth: AuthState, id: string): Promise<Invoice> {
  const actor = requireAccess(auth, 'editInvoices');
  const source = await deps.invoices.get(id);
  if (!source) throw new DomainError('not-found', `No invoice ${id}.`);
  if (source.kind === 'credit-note') throw new DomainError('conflict', `${source.number} is a credit note; duplicate the invoice it credits instead.`);
  const lines = source.lines.filter((l) => !l.lateFeeKey).map((l) => ({ description: l.description, quantity: l.quantity, unitPriceCents: l.unitPriceCents, taxRateBp: l.taxRateBp, itemId: l.itemId }));
  return createInvoice(
    deps,
    actor,
    { clientId: source.clientId, siteId: source.siteId, source: { kind: 'blank', id: null }, title: source.title, notes: source.notes, terms: source.terms, lines },
    { action: 'duplicate', from: source.number },
  );
}
