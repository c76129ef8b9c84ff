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

/** A drawn signature as the pad sends it: a PNG data URL (a 300 × 90 stroke). */
export const A_SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAASwAAABaAgMAAAB/H4OOAAAADFBMVEX///8WHjC6vcJuc36YoPXiAAAACXBIWXMAAAsTAAALEwEAmpwYAAAC40lEQVRYw+1YO27jMBCVaKjQGip9BJVBKgNb+gjCwiO5EAIdweVWgS6hS6R370sQbl3uBdJHP5u/GZIB2SwQFrEMMyPOe2+GM5MkP+t/WK/NPZapAgD6SLb4aKuNYyqH949PuEaxta+ThMEphikG3fi3bKK42CwWYzi5P8kfgSweFmHU4aY2zQO2cInlD2UNXbCt8rw+ZOGADYf1IQ0HDMRTKGAbcZpdKGCFQCmrfKLkk85PT+hHwI4+ygYgo20nQod5hORmTE9wplQvU+oOyRL+MU4QzmrcXzLgRni3RBpIW5wHMm1OuhnwdxYVrg8K+fnVBZ7Qyw7XLeVitxDgotED/LSx7eOU2NCVtbZ9DRUEuBcrIihgm6Ptq5kHegtJ+cl2TAOuGodmBUBz3A6+gGCH7NsftO/WtCN+LZF9Q2+Rrkn61baP20LKiN3Gto/V9HbLjYX8I2aea04zmaiKdghzWyfjQhBjEmnSoYkkl+8m+czlwTjF1S5exiVbCpbZ2SUJPTpK+EuAm1f2yDZS2Fa5ctS02doj24iiAe4UuOzoiGyNrBe1uFapuzkiW/WEQdPTMTI4xKQifFHvVE3qugSwzPFkPoc3KoIwgXE0GfQPaalv0iqX4myPbNlxRVpIatMEhieYhZAt1NbbL0lPHolvEYoqLQQQTWBlRxaKL0bfZgBSO2lcokiXFgbIzU3jHEUXs1wzANn1Thon13VpoYAoYqXuieIPR4o1AxBFrNT9lYIurfkYhnY6J40T8JjzvwztVG4aR068BgyKWDm167dfw9K6afRu049kDvn+uiXf636szaJveeSxJO6G0G5RiJUFzzbEzePV4Nn7mcq/93GKtY0GvSQwj17RtZpo0AslhEMvrv1g1UuiCJ5FSGVSjLnlWkNGmN08a8gyyqRxGStFmHVNJ6rm5ruPYSufkCqjwDXPPhk/R7GVDG9jFXONYyuLN8genQS4R7I1evie/CxjfQGDoqzTJu96fwAAAABJRU5ErkJggg==';

/** What the public accept form sends besides the option and the name: the ticked "I agree" and a signature. */
export const SIGNED = { agreed: true, signature: A_SIGNATURE } as const;
