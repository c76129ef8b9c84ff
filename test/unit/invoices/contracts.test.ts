import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as contracts from '../../../src/contracts/invoices.ts';
import { INVOICE_KINDS, INVOICE_STATUSES, PAYMENT_METHODS, priceLines } from '../../../src/domain/invoices/invoice.ts';
import { PAYMENT_TERMS, INVOICE_SOURCE_KINDS } from '../../../src/domain/invoices/invoice-issuer.ts';
import { INVOICE_SORTS } from '../../../src/domain/invoices/invoice-repository.ts';
import { linesTotals } from '../../../src/domain/shared/money.ts';
import { PERIOD_KINDS, TAX_BASES } from '../../../src/domain/invoices/tax-report.ts';

describe('invoice contracts agree with the domain', () => {
  it('lists the same statuses, kinds, methods, terms, sorts, bases and periods', () => {
    expect(contracts.INVOICE_STATUSES).toEqual(INVOICE_STATUSES);
    expect(contracts.INVOICE_KINDS).toEqual(INVOICE_KINDS);
    expect(contracts.PAYMENT_METHODS).toEqual(PAYMENT_METHODS);
    expect(contracts.PAYMENT_TERMS).toEqual(PAYMENT_TERMS);
    expect(contracts.SOURCE_KINDS).toEqual(INVOICE_SOURCE_KINDS);
    expect(contracts.INVOICE_SORTS).toEqual(INVOICE_SORTS);
    expect(contracts.TAX_BASES).toEqual(TAX_BASES);
    expect(contracts.PERIOD_KINDS).toEqual(PERIOD_KINDS);
  });

  it('the editor’s live totals equal the server’s pricing, to the cent', () => {
    const line = fc.record({
      description: fc.constant('x'),
      quantity: fc.integer({ min: 1, max: 100_000_000 }).map((m) => m / 1000),
      unitPriceCents: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
      taxRateBp: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), (lines) => {
        const server = priceLines(lines);
        const preview = linesTotals(lines);
        expect(preview.taxes).toEqual(server.taxes);
        expect([preview.subtotalCents, preview.taxCents, preview.totalCents]).toEqual([server.subtotalCents, server.taxCents, server.totalCents]);
        expect(preview.lines).toEqual(server.lines.map((l) => ({ netCents: l.netCents, taxCents: l.taxCents })));
      }),
      { numRuns: 300 },
    );
  });
});
