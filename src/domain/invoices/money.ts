/**
 * Exact money arithmetic on integer cents (docs/money.md). Products that may leave the safe
 * integer range (fractional quantities × prices, amounts × basis points) go through BigInt and
 * are rounded once, half away from zero, so −2.5 ¢ becomes −3 ¢ just as 2.5 ¢ becomes 3 ¢.
 */

/** numerator ÷ denominator rounded half away from zero; denominator > 0. */
export function divRoundHalfAway(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = n / denominator;
  const r = n % denominator;
  const rounded = r * 2n >= denominator ? q + 1n : q;
  return negative ? -rounded : rounded;
}

/** Quantities carry at most three decimals (0.125 h); stored as thousandths for exact products. */
export const QUANTITY_SCALE = 1000;

export function quantityMillis(quantity: number): bigint {
  return BigInt(Math.round(quantity * QUANTITY_SCALE));
}

/** A line's net amount: quantity × unit price, rounded to the cent. */
export function lineNetCents(quantity: number, unitPriceCents: number): number {
  return Number(divRoundHalfAway(quantityMillis(quantity) * BigInt(unitPriceCents), BigInt(QUANTITY_SCALE)));
}

/** Tax on one line's net amount at a rate in basis points (825 = 8.25 %), rounded per line. */
export function lineTaxCents(netCents: number, taxRateBp: number): number {
  return Number(divRoundHalfAway(BigInt(netCents) * BigInt(taxRateBp), 10_000n));
}

/** amount × part ÷ whole rounded half away from zero (whole > 0); the cash-basis share. */
export function proportionCents(amountCents: number, part: number, whole: number): number {
  return Number(divRoundHalfAway(BigInt(amountCents) * BigInt(part), BigInt(whole)));
}

export function formatCents(cents: number, currency = 'USD', locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

export function formatRateBp(bp: number): string {
  return `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : bp % 10 === 0 ? 1 : 2)} %`;
}
