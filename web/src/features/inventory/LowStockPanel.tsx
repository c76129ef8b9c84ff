import { useQuery } from '@tanstack/react-query';
import { lowStockQuery } from './queries.ts';
import { formatCents, useMoneySettings } from '#ui/money.ts';
import { DataTable, staticList, type Column } from '#ui/DataTable.tsx';
import type { ReorderSuggestionDto } from '#contracts/inventory.ts';

type Suggestion = ReorderSuggestionDto & { id: string };

const COLUMNS: Column<Suggestion>[] = [
  { id: 'name', label: 'Name', cell: (s) => s.name },
  { id: 'sku', label: 'SKU', cell: (s) => s.sku, className: 'font-mono text-xs' },
  { id: 'available', label: 'Available', numeric: true, cell: (s) => s.available },
  { id: 'reorderPoint', label: 'Reorder point', numeric: true, cell: (s) => s.reorderPoint },
  { id: 'quantity', label: 'Order', numeric: true, cell: (s) => s.quantity, className: 'font-semibold' },
  { id: 'unitCost', label: 'Unit cost', numeric: true, cell: (s) => formatCents(s.unitCostCents) },
  { id: 'cost', label: 'Cost', numeric: true, cell: (s) => formatCents(s.costCents) },
];

/** Items at or below their reorder point and what to order, with the total cost. */
export function LowStockPanel(props: { onOpen: (id: string) => void }) {
  useMoneySettings();
  const q = useQuery(lowStockQuery);
  if (q.isPending) return <p role="status">Loading low-stock items…</p>;
  if (q.isError) return <p role="alert" className="text-red-700">{q.error.message}</p>;
  if (q.data.suggestions.length === 0) return <p className="text-slate-600 dark:text-slate-400">Nothing is low on stock. Nothing to reorder.</p>;
  return (
    <DataTable
      label="Reorder suggestions"
      columns={COLUMNS}
      list={staticList(q.data.suggestions.map((s) => ({ ...s, id: s.itemId })))}
      loadingText="Loading low-stock items…"
      emptyText="Nothing to reorder."
      onOpen={props.onOpen}
      footer={
        <p className="mt-2 flex justify-between gap-3 px-3 text-sm font-semibold">
          <span>Total to reorder</span>
          <span className="tabular-nums">{formatCents(q.data.totalCostCents)}</span>
        </p>
      }
    />
  );
}
