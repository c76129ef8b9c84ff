import type { ReactNode } from 'react';
import { formatCents, formatRate, useMoneySettings } from '#ui/money.ts';
import { stacked, stackedCell } from '#ui/stacked-table.ts';

// Shared by the office's invoice drawer and editor and the public /i/<token> page: keep its imports light.

export interface InvoiceLineRow {
  description: string;
  quantity: number;
  unitPriceCents: number;
  taxRateBp: number;
  netCents: number;
}

const LINE_COLUMNS: readonly { label: string; numeric: boolean; value: (l: InvoiceLineRow) => ReactNode }[] = [
  { label: 'Description', numeric: false, value: (l) => l.description },
  { label: 'Qty', numeric: true, value: (l) => l.quantity },
  { label: 'Unit price', numeric: true, value: (l) => formatCents(l.unitPriceCents) },
  { label: 'Tax', numeric: true, value: (l) => formatRate(l.taxRateBp) },
  { label: 'Amount', numeric: true, value: (l) => formatCents(l.netCents) },
];

/** An invoice's lines as the client and the office see them. */
export function InvoiceLinesTable(props: { label: string; lines: readonly InvoiceLineRow[] }) {
  useMoneySettings();
  return (
    <table className={`mt-4 ${stacked.table}`} aria-label={props.label}>
      <thead className={stacked.head}>
        <tr className="border-b border-slate-200 text-left dark:border-slate-800">
          {LINE_COLUMNS.map((c) => (
            <th key={c.label} className={c.numeric ? 'py-1 pl-3 text-right whitespace-nowrap' : 'py-1'}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={`${stacked.body} max-sm:divide-y max-sm:divide-slate-200 dark:max-sm:divide-slate-800`}>
        {props.lines.map((l, i) => (
          <tr key={i} className="max-sm:block max-sm:py-2">
            {LINE_COLUMNS.map((c, j) => (
              <td key={c.label} {...stackedCell(j === 0 ? undefined : c.label, c.numeric ? 'py-1 pl-3 text-right tabular-nums whitespace-nowrap max-sm:pl-0' : 'py-1 align-top')}>
                {c.value(l)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The Subtotal and one row per tax rate at the top of an invoice's totals (inside its `<dl>`). */
export function SubtotalAndTaxes(props: {
  subtotalCents: number;
  taxes: readonly { taxRateBp: number; taxCents: number; taxableCents?: number }[];
  /** Says what each rate was charged on ("Tax 8.25 % on $100.00"). */
  showTaxable?: boolean;
}) {
  useMoneySettings();
  const amount = (cents: number) => <dd className="text-right tabular-nums">{formatCents(cents)}</dd>;
  return (
    <>
      <dt>Subtotal</dt>
      {amount(props.subtotalCents)}
      {props.taxes.map((t) => (
        <div key={t.taxRateBp} className="contents">
          <dt>{`Tax ${formatRate(t.taxRateBp)}${props.showTaxable && t.taxableCents !== undefined ? ` on ${formatCents(t.taxableCents)}` : ''}`}</dt>
          {amount(t.taxCents)}
        </div>
      ))}
    </>
  );
}
