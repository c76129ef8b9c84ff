import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocateCents,
  amountLimitProblem,
  centsToDecimal,
  currencySymbol,
  divRoundHalfAway,
  formatMoney,
  formatRateBp,
  lineNetCents,
  lineTaxCents,
  linesTotals,
  parseMoney,
  proportionCents,
  type MoneySettings,
} from '../../../src/domain/shared/money.ts';

const USD: MoneySettings = { currency: 'USD', locale: 'en-US' };
const EUR_DE: MoneySettings = { currency: 'EUR', locale: 'de-DE' };
const NBSP = '\u00a0';

describe('money: rounding', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 2n, 2n],
    [15n, 10n, 2n],
    [-15n, 10n, -2n],
    [14n, 10n, 1n],
    [0n, 7n, 0n],
  ])('divRoundHalfAway(%s, %s) = %s (half away from zero)', (n, d, q) => {
    expect(divRoundHalfAway(n, d)).toBe(q);
  });

  it.each([
    // quantity, unit price, net
    [0.333, 10_005, 3332], // 3331.665 → 3332
    [1.5, 333, 500], // 499.5 → 500
    [1.5, -333, -500], // a credit rounds like the invoice it mirrors
    [0.125, 1, 0], // 0.125 → 0
    [100_000, 1_000_000_000, 100_000_000_000_000], // beyond 2^53 in the product, exact in BigInt
  ])('a line of %d × %d ¢ nets %d ¢', (q, p, net) => {
    expect(lineNetCents(q, p)).toBe(net);
  });

  it.each([
    [606, 825, 50], // 49.995 → 50
    [-606, 825, -50],
    [1000, 825, 83], // 82.5 → 83
    [1212, 0, 0],
  ])('tax on %d ¢ at %d bp is %d ¢', (net, bp, tax) => {
    expect(lineTaxCents(net, bp)).toBe(tax);
  });

  it('a line total is the exact product rounded to the nearest cent, ties away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: -1_000_000, max: 1_000_000 }), (millis, price) => {
        const net = lineNetCents(millis / 1000, price);
        const exactThousandths = millis * price; // safe: < 2^53 here
        const error = Math.abs(net * 1000 - exactThousandths);
        expect(error).toBeLessThanOrEqual(500);
        if (error === 500) expect(Math.abs(net * 1000)).toBeGreaterThan(Math.abs(exactThousandths));
      }),
    );
  });

  it('prices proposals (hundredths) exactly as their old hundredths arithmetic did', () => {
    // The proposal module's former rule: quantity in hundredths, Number arithmetic.
    const oldHundredths = (q: number, p: number) => {
      const n = Math.round(q * 100) * p;
      const whole = Math.floor(Math.abs(n) / 100);
      const rounded = Math.abs(n) - whole * 100 >= 50 ? whole + 1 : whole;
      return n < 0 ? -rounded : rounded;
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (h, p) => {
        expect(lineNetCents(h / 100, p)).toBe(oldHundredths(h / 100, p));
      }),
    );
  });

  it('shares of an amount (cash basis, late fees, deposits) round half away from zero', () => {
    expect(proportionCents(12_345, 150, 10_000)).toBe(185); // 185.175
    expect(proportionCents(10, 500, 10_000)).toBe(1); // 0.5
    expect(proportionCents(64_950, 25, 100)).toBe(16_238); // 16 237.5
  });
});

describe('money: allocation', () => {
  it.each([
    [400, [3000, 1000], [300, 100]],
    [100, [1, 1, 1], [34, 33, 33]], // the cent left goes to the first of equal remainders
    [2, [1, 1, 1], [1, 1, 0]],
    [10, [0, 0], [0, 0]],
    [-100, [1, 1, 1], [-34, -33, -33]],
  ])('allocates %d over %j as %j', (amount, weights, shares) => {
    expect(allocateCents(amount, weights)).toEqual(shares);
  });

  it('never loses or makes a cent, and every share is within a cent of its exact part', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }), (amount, weights) => {
        const shares = allocateCents(amount, weights);
        const whole = weights.reduce((a, b) => a + b, 0);
        if (whole === 0) {
          expect(shares.every((s) => s === 0)).toBe(true);
          return;
        }
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        // |share − amount × w ÷ whole| < 1, in integers (products stay below 2^53 here)
        shares.forEach((s, i) => expect(Math.abs(s * whole - amount * (weights[i] ?? 0))).toBeLessThan(whole));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('money: totals of lines', () => {
  it('sums rounded lines per rate, rates ascending, total = subtotal + tax', () => {
    const t = linesTotals([
      { quantity: 1, unitPriceCents: 1000, taxRateBp: 825 },
      { quantity: 1, unitPriceCents: 1000, taxRateBp: 825 },
      { quantity: 2, unitPriceCents: 500, taxRateBp: 0 },
    ]);
    expect(t.taxes).toEqual([
      { taxRateBp: 0, taxableCents: 1000, taxCents: 0 },
      { taxRateBp: 825, taxableCents: 2000, taxCents: 166 }, // 83 + 83, not round(165)
    ]);
    expect(t).toMatchObject({ subtotalCents: 3000, taxCents: 166, totalCents: 3166 });
  });

  it('counts a line still being typed as zero', () => {
    expect(linesTotals([{ quantity: Number.NaN, unitPriceCents: 100, taxRateBp: 0 }, { quantity: 1, unitPriceCents: Number.NaN, taxRateBp: 0 }]).totalCents).toBe(0);
  });
});

describe('money: formatting', () => {
  it.each([
    [123_456, USD, '$1,234.56'],
    [-250, USD, '-$2.50'],
    [0, USD, '$0.00'],
    [123_456, EUR_DE, `1.234,56${NBSP}€`],
    [123_456, { currency: 'GBP', locale: 'en-GB' }, '£1,234.56'],
  ])('formats %d ¢ as %s', (cents, settings, text) => {
    expect(formatMoney(cents, settings)).toBe(text);
  });

  it.each([
    [825, 'en-US', '8.25 %'],
    [850, 'en-US', '8.5 %'],
    [800, 'en-US', '8 %'],
    [0, 'en-US', '0 %'],
    [1, 'en-US', '0.01 %'],
    [825, 'de-DE', '8,25 %'],
  ])('formats %d bp in %s as %s', (bp, locale, text) => {
    expect(formatRateBp(bp, locale)).toBe(text);
  });

  it.each([
    [USD, '$'],
    [EUR_DE, '€'],
    [{ currency: 'CHF', locale: 'de-CH' }, 'CHF'],
  ])('labels amounts in %j with %s', (settings, symbol) => {
    expect(currencySymbol(settings)).toBe(symbol);
  });

  it.each([
    [12_950, '129.50'],
    [-5, '-0.05'],
    [0, '0.00'],
  ])('writes %d ¢ for a form field or a CSV cell as %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });
});

describe('money: parsing what people type', () => {
  it.each([
    ['$1,000.00', USD, 100_000],
    ['1000', USD, 100_000],
    ['1,000.5', USD, 100_050],
    [' 49.99 ', USD, 4_999],
    ['USD 12', USD, 1_200],
    ['0', USD, 0],
    [`1.234,56${NBSP}€`, EUR_DE, 123_456],
    ['1.000', EUR_DE, 100_000],
    ['12.50', EUR_DE, 1_250], // the plain form the forms prefill works in every locale
    ['12,5', EUR_DE, 1_250],
  ])('reads %j (%j) as %d ¢', (text, settings, cents) => {
    expect(parseMoney(text, settings)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'Enter an amount.'],
    ['abc', 'Enter an amount such as 1,000.00.'],
    ['1,00', 'Enter an amount such as 1,000.00.'],
    ['12.345', 'At most two decimals (whole cents).'],
    ['-5', 'Enter an amount of zero or more.'],
    ['1e5', 'Enter an amount such as 1,000.00.'],
  ])('refuses %j: %s', (text, error) => {
    expect(parseMoney(text, USD)).toEqual({ ok: false, error });
  });

  it('reads a negative amount only when asked to, and uses the caller’s message', () => {
    expect(parseMoney('-$12.50', USD, { allowNegative: true })).toEqual({ ok: true, cents: -1_250 });
    expect(parseMoney('x', USD, { message: 'Enter a price such as 49.99.' })).toEqual({ ok: false, error: 'Enter a price such as 49.99.' });
  });

  it('reads back every amount it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), fc.constantFrom(USD, EUR_DE, { currency: 'CHF', locale: 'de-CH' }), (cents, settings) => {
        expect(parseMoney(formatMoney(cents, settings), settings, { allowNegative: true })).toEqual({ ok: true, cents });
        expect(parseMoney(centsToDecimal(cents), settings, { allowNegative: true })).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe('money: an amount above zero and at most a limit (amountLimitProblem)', () => {
  const usd = (c: number) => formatMoney(c, USD);
  it.each([
    [0, 'Amount: enter an amount above zero, at most the balance due ($1,000.00).'],
    [-1, 'Amount: enter an amount above zero, at most the balance due ($1,000.00).'],
    [100_001, 'Amount: $1,000.01 is more than the balance due ($1,000.00); enter at most $1,000.00.'],
  ])('%j cents against $1,000.00: %s', (cents, message) => {
    expect(amountLimitProblem(cents, 100_000, 'the balance due', usd)).toBe(message);
  });

  it('is silent within the limit, the limit itself included', () => {
    expect(amountLimitProblem(1, 100_000, 'the balance due', usd)).toBeNull();
    expect(amountLimitProblem(100_000, 100_000, 'the balance due', usd)).toBeNull();
  });
});
