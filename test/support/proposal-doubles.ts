import type { Actor } from '../../src/domain/audit/audit-entry.ts';
import type { InvoiceIssuer, NewInvoiceInput } from '../../src/domain/invoices/invoice-issuer.ts';
import type { JobCreator, NewJobInput } from '../../src/domain/jobs/job-creator.ts';
import type { ProposalLineInput, ProposalRequest } from '../../src/contracts/proposals.ts';

/**
 * TEST DOUBLES for features that are not on the proposals branch: the jobs and invoices
 * features implement JobCreator and InvoiceIssuer elsewhere; the lead wires the real ones at
 * merge. These keep what they were asked in memory so tests can count jobs and invoices.
 */
export class MemoryJobCreator implements JobCreator {
  readonly jobs: (NewJobInput & { id: string; number: string; actor: Actor })[] = [];
  failNext = false;

  async createJob(input: NewJobInput, actor: Actor) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('job store down');
    }
    const job = { ...input, id: `job-${this.jobs.length + 1}`, number: `JOB-${String(this.jobs.length + 1).padStart(4, '0')}`, actor };
    this.jobs.push(job);
    return { id: job.id, number: job.number };
  }
}

export class MemoryInvoiceIssuer implements InvoiceIssuer {
  readonly invoices: (NewInvoiceInput & { id: string; number: string })[] = [];
  failNext = false;

  async createInvoice(input: NewInvoiceInput) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('invoice store down');
    }
    const inv = { ...input, id: `inv-${this.invoices.length + 1}`, number: `INV-2026-${String(this.invoices.length + 1).padStart(4, '0')}` };
    this.invoices.push(inv);
    return { id: inv.id, number: inv.number };
  }
}

export const aLabourLine = (over: Partial<ProposalLineInput> = {}): ProposalLineInput => ({
  kind: 'labour',
  description: 'Installation labour',
  quantity: 3,
  unitPriceCents: 9000,
  taxRateBp: 825,
  itemId: null,
  ...over,
});

/** A valid POST /api/proposals body with two options; the second holds `itemId` when given. */
export function aProposalRequest(clientId: string, siteId: string, options: { itemId?: string; validUntil?: string } = {}): ProposalRequest {
  const itemLine: ProposalLineInput[] = options.itemId ? [{ kind: 'item', description: 'Wireless motion sensor', quantity: 3, unitPriceCents: 5900, taxRateBp: 825, itemId: options.itemId }] : [];
  return {
    clientId,
    siteId,
    title: 'Home security',
    options: [
      { id: 'opt-1', tier: 'good', name: 'Alarm essentials', lines: [aLabourLine()] },
      { id: 'opt-2', tier: 'better', name: 'Alarm and sensors', discountCents: 1000, lines: [aLabourLine({ quantity: 4 }), ...itemLine] },
    ],
    depositPercent: 25,
    // A month from today: valid-until lies within a year of today (docs/proposals.md).
    validUntil: options.validUntil ?? new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    terms: 'Balance due on completion.',
  };
}
