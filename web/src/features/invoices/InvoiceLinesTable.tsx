import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { formatCents, formatRate, useMoneySettings } from '#ui/money.ts';

// Shared by the office's invoice drawer and editor and the public /i/<token> page: keep its imports light.

export interface InvoiceLineRow {
  description: string;
  quantity: number;
  unitPriceCents: number;
  taxRateBp: number;
  netCents: number;
}

/**
 * On a phone (below `sm`) the table keeps two columns, the description and the amount; quantity,
 * unit price and tax read under the description ("2 × $49.99 · tax 8.25 %"), so nothing is
 * cramped and nothing scrolls sideways.
 */
const LINE_COLUMNS: readonly { label: string; numeric: boolean; wide?: boolean; value: (l: InvoiceLineRow) => ReactNode }[] = [
  {
    label: 'Description',
    numeric: false,
    value: (l) => (
      <>
        <span className="break-words">{l.description}</span>
        <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">
          {l.quantity} × {formatCents(l.unitPriceCents)} · tax {formatRate(l.taxRateBp)}
        </span>
      </>
    ),
  },
  { label: 'Qty', numeric: true, wide: true, value: (l) => l.quantity },
  { label: 'Unit price', numeric: true, wide: true, value: (l) => formatCents(l.unitPriceCents) },
  { label: 'Tax', numeric: true, wide: true, value: (l) => formatRate(l.taxRateBp) },
  { label: 'Amount', numeric: true, value: (l) => formatCents(l.netCents) },
];

const cellClass = (c: (typeof LINE_COLUMNS)[number]) => clsx('py-1 align-top', c.numeric ? 'whitespace-nowrap pl-3 text-right tabular-nums' : 'w-full min-w-0 sm:w-auto', c.wide && 'hidden sm:table-cell');

/** An invoice's lines as the client and the office see them. */
export function InvoiceLinesTable(props: { label: string; lines: readonly InvoiceLineRow[] }) {
  useMoneySettings();
  return (
    <table className="mt-4 w-full text-sm" aria-label={props.label}>
      <thead>
        <tr className="border-b border-slate-200 text-left dark:border-slate-800">
          {LINE_COLUMNS.map((c) => (
            <th key={c.label} className={clsx(cellClass(c), 'font-semibold')}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.lines.map((l, i) => (
          <tr key={i}>
            {LINE_COLUMNS.map((c) => (
              <td key={c.label} className={cellClass(c)}>
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
      {/* A 0 % rate charges nothing: no "Tax 0 % … $0.00" row for the customer to puzzle over. */}
      {props.taxes.filter((t) => t.taxRateBp !== 0 || t.taxCents !== 0).map((t) => (
        <div key={t.taxRateBp} className="contents">
          <dt>{`Tax ${formatRate(t.taxRateBp)}${props.showTaxable && t.taxableCents !== undefined ? ` on ${formatCents(t.taxableCents)}` : ''}`}</dt>
          {amount(t.taxCents)}
        </div>
      ))}
    </>
  );
}
