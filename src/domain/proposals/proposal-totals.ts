/**
 * Proposal money, in integer cents. Rounding is documented once here and used by the screen,
 * the public page, the PDF and the deposit invoice alike:
 * - a line's net is quantity × unit price, quantity kept to hundredths, rounded half away from 0;
 * - an option's discount (cents, before tax) is spread over its lines in proportion to their net,
 *   remainders to the largest fractional shares (largest remainder), so the shares add up exactly;
 * - each line's tax is (net − its discount share) × rate bp / 10 000, rounded half away from 0;
 * - total = subtotal − discount + tax; deposit = total × deposit % / 100, rounded half away from 0.
 */
export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
  taxRateBp: number;
}

export interface LineTotals {
  netCents: number;
  discountCents: number;
  taxCents: number;
}

export interface OptionTotals {
  lines: LineTotals[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  depositCents: number;
}

/** n ÷ d for integers, rounded half away from zero (d > 0). */
export function divRoundHalfAway(n: number, d: number): number {
  const q = Math.floor(Math.abs(n) / d);
  const r = Math.abs(n) - q * d;
  const rounded = r * 2 >= d ? q + 1 : q;
  return n < 0 ? -rounded : rounded;
}

/** Quantity in hundredths (1.25 h → 125), the precision lines are priced at. */
export const hundredths = (quantity: number): number => Math.round(quantity * 100);

export const lineNetCents = (line: PricedLine): number => divRoundHalfAway(hundredths(line.quantity) * line.unitPriceCents, 100);

/** Splits `amount` over `weights` in proportion, the shares summing to `amount` exactly. */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map((x) => Math.floor(x));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

export function optionTotals(lines: readonly PricedLine[], discountCents: number, depositPercent: number): OptionTotals {
  const nets = lines.map(lineNetCents);
  const subtotalCents = nets.reduce((a, b) => a + b, 0);
  const discount = Math.min(Math.max(0, discountCents), Math.max(0, subtotalCents));
  const shares = allocate(discount, nets.map((n) => Math.max(0, n)));
  const lineTotals = lines.map((line, i) => {
    const net = nets[i] ?? 0;
    const share = shares[i] ?? 0;
    return { netCents: net, discountCents: share, taxCents: divRoundHalfAway((net - share) * line.taxRateBp, 10_000) };
  });
  const taxCents = lineTotals.reduce((a, l) => a + l.taxCents, 0);
  const totalCents = subtotalCents - discount + taxCents;
  return { lines: lineTotals, subtotalCents, discountCents: discount, taxCents, totalCents, depositCents: divRoundHalfAway(totalCents * depositPercent, 100) };
}
