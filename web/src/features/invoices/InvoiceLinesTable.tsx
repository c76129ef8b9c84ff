import { formatCents, formatRate } from './queries.ts';

export interface InvoiceLineRow {
  description: string;
  quantity: number;
  unitPriceCents: number;
  taxRateBp: number;
  netCents: number;
}

/** An invoice's lines as the client and the office see them (also on the public /i/<token> page: keep it light). */
export function InvoiceLinesTable(props: { label: string; lines: readonly InvoiceLineRow[] }) {
  return (
    <table className="mt-4 min-w-full text-sm" aria-label={props.label}>
      <thead>
        <tr className="border-b border-slate-200 text-left dark:border-slate-800">
          <th className="py-1">Description</th>
          <th className="py-1 text-right">Qty</th>
          <th className="py-1 text-right">Unit price</th>
          <th className="py-1 text-right">Tax</th>
          <th className="py-1 text-right">Amount</th>
        </tr>
      </thead>
      <tbody>
        {props.lines.map((l, i) => (
          <tr key={i}>
            <td className="py-1">{l.description}</td>
            <td className="py-1 text-right tabular-nums">{l.quantity}</td>
            <td className="py-1 text-right tabular-nums">{formatCents(l.unitPriceCents)}</td>
            <td className="py-1 text-right tabular-nums">{formatRate(l.taxRateBp)}</td>
            <td className="py-1 text-right tabular-nums">{formatCents(l.netCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
