import { allocateCents, lineNetCents, lineTaxCents, proportionCents } from '../shared/money.ts';

/**
 * An option's totals, in integer cents, with the money module's rules (src/domain/shared/money.ts),
 * used by the screen, the public page, the PDF and the deposit invoice alike:
 * - a line's net is quantity × unit price (quantities have at most two decimals here);
 * - an option's discount (cents, before tax) is spread over its lines in proportion to their net
 *   (largest remainder), so the shares add up exactly;
 * - each line's tax is (net − its discount share) × rate, rounded per line;
 * - total = subtotal − discount + tax; deposit = total × deposit %, rounded half away from 0.
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

export function optionTotals(lines: readonly PricedLine[], discountCents: number, depositPercent: number): OptionTotals {
  const nets = lines.map((l) => lineNetCents(l.quantity, l.unitPriceCents));
  const subtotalCents = nets.reduce((a, b) => a + b, 0);
  const discount = Math.min(Math.max(0, discountCents), Math.max(0, subtotalCents));
  const shares = allocateCents(discount, nets.map((n) => Math.max(0, n)));
  const lineTotals = lines.map((line, i) => {
    const net = nets[i] ?? 0;
    const share = shares[i] ?? 0;
    return { netCents: net, discountCents: share, taxCents: lineTaxCents(net - share, line.taxRateBp) };
  });
  const taxCents = lineTotals.reduce((a, l) => a + l.taxCents, 0);
  const totalCents = subtotalCents - discount + taxCents;
  return { lines: lineTotals, subtotalCents, discountCents: discount, taxCents, totalCents, depositCents: proportionCents(totalCents, depositPercent, 100) };
}
