import { useQuery } from '@tanstack/react-query';
import { lowStockQuery } from './queries.ts';
import { formatCents, useMoneySettings } from '#ui/money.ts';

/** Items at or below their reorder point and what to order, with the total cost. */
export function LowStockPanel(props: { onOpen: (id: string) => void }) {
  useMoneySettings();
  const q = useQuery(lowStockQuery);
  if (q.isPending) return <p role="status">Loading low-stock items…</p>;
  if (q.isError) return <p role="alert" className="text-red-700">{q.error.message}</p>;
  if (q.data.suggestions.length === 0) return <p className="text-slate-600 dark:text-slate-400">Nothing is low on stock. Nothing to reorder.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="min-w-full text-sm" aria-label="Reorder suggestions">
        <thead className="bg-slate-50 text-left dark:bg-slate-900">
          <tr>
            <th className="px-3 py-2">SKU</th>
            <th className="px-3 py-2">Name</th>
            <th className="px-3 py-2 text-right">Available</th>
            <th className="px-3 py-2 text-right">Reorder point</th>
            <th className="px-3 py-2 text-right">Order</th>
            <th className="px-3 py-2 text-right">Unit cost</th>
            <th className="px-3 py-2 text-right">Cost</th>
          </tr>
        </thead>
        <tbody>
          {q.data.suggestions.map((s) => (
            <tr key={s.itemId} className="cursor-pointer border-t border-slate-100 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900" onClick={() => props.onOpen(s.itemId)}>
              <td className="px-3 py-2 font-mono text-xs">{s.sku}</td>
              <td className="px-3 py-2">{s.name}</td>
              <td className="px-3 py-2 text-right tabular-nums">{s.available}</td>
              <td className="px-3 py-2 text-right tabular-nums">{s.reorderPoint}</td>
              <td className="px-3 py-2 text-right font-semibold tabular-nums">{s.quantity}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCents(s.unitCostCents)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCents(s.costCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-200 font-semibold dark:border-slate-800">
            <td className="px-3 py-2" colSpan={6}>
              Total to reorder
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{formatCents(q.data.totalCostCents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
