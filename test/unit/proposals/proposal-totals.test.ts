import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { optionTotals } from '../../../src/domain/proposals/proposal-totals.ts';
import { allocateCents, divRoundHalfAway, lineNetCents } from '../../../src/domain/shared/money.ts';
import { aLine } from './factories.ts';

describe('proposal totals', () => {
  it.each([
    [5, 2, 3],
    [-5, 2, -3],
    [4, 2, 2],
    [14, 10, 1],
    [15, 10, 2],
    [-15, 10, -2],
    [0, 7, 0],
  ])('divRoundHalfAway(%i, %i) = %i', (n, d, expected) => {
    expect(divRoundHalfAway(BigInt(n), BigInt(d))).toBe(BigInt(expected));
  });

  it('prices a line at quantity × unit price, quantity in hundredths', () => {
    expect(lineNetCents(1.5, 333)).toBe(500); // 499.5 → 500
    expect(lineNetCents(3, 1999)).toBe(5997);
    expect(optionTotals([aLine({ quantity: 1.5, unitPriceCents: 333 })], 0, 0).lines[0]?.netCents).toBe(500);
  });

  it('rounds tax per line half away from zero, then sums', () => {
    // 1000 × 8.25 % = 82.5 → 83 on each line: 166, where tax on the sum would give 165.
    const t = optionTotals([aLine({ quantity: 1, unitPriceCents: 1000 }), aLine({ quantity: 1, unitPriceCents: 1000 })], 0, 0);
    expect(t.lines.map((l) => l.taxCents)).toEqual([83, 83]);
    expect(t.taxCents).toBe(166);
    expect(t.totalCents).toBe(2166);
  });

  it('spreads the discount over lines by their net and taxes what is left', () => {
    const t = optionTotals([aLine({ quantity: 1, unitPriceCents: 3000, taxRateBp: 1000 }), aLine({ quantity: 1, unitPriceCents: 1000, taxRateBp: 0 })], 400, 50);
    expect(t.lines.map((l) => l.discountCents)).toEqual([300, 100]);
    expect(t.lines.map((l) => l.taxCents)).toEqual([270, 0]);
    expect(t).toMatchObject({ subtotalCents: 4000, discountCents: 400, taxCents: 270, totalCents: 3870, depositCents: 1935 });
  });

  it('allocates exactly the amount, for any weights', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 }), (amount, weights) => {
        const shares = allocateCents(amount, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        shares.forEach((s) => expect(s).toBeGreaterThanOrEqual(0));
      }),
    );
  });

  it('keeps total = subtotal − discount + Σ line tax, in whole cents', () => {
    const line = fc.record({ quantity: fc.integer({ min: 1, max: 10_000 }).map((h) => h / 100), unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }), taxRateBp: fc.integer({ min: 0, max: 2500 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 100 }), fc.nat(), (lines, deposit, d) => {
        const sub = optionTotals(lines, 0, 0).subtotalCents;
        const t = optionTotals(lines, sub === 0 ? 0 : d % (sub + 1), deposit);
        expect(t.totalCents).toBe(t.subtotalCents - t.discountCents + t.lines.reduce((a, l) => a + l.taxCents, 0));
        expect(Number.isInteger(t.totalCents) && Number.isInteger(t.depositCents)).toBe(true);
        expect(t.depositCents).toBeLessThanOrEqual(t.totalCents);
      }),
    );
  });
});
