import { useQuery } from '@tanstack/react-query';
import { INVOICE_STATUSES, STATUS_LABELS, type InvoiceDto } from '#contracts/invoices.ts';
import { CursorPager, useCursorPages } from '#ui/DataTable.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { FilterChips } from '#ui/FilterChips.tsx';
import { SearchForm } from '#ui/SearchForm.tsx';
import { invoiceListQuery, type InvoiceFilters } from './queries.ts';
import { StatusChip } from './StatusChip.tsx';
import { formatCents, useMoneySettings } from '#ui/money.ts';
import { formatDay } from '#ui/dates.ts';

/** The columns, dates as the rest of the back office writes them ("Nov 25, 2026"). */
const columns: Column<InvoiceDto>[] = [
  { id: 'number', label: 'Number', sortable: true, className: 'font-mono text-xs whitespace-nowrap', cell: (inv) => inv.number },
  { id: 'clientName', label: 'Client', sortable: true, cell: (inv) => inv.clientName },
  { id: 'issueDate', label: 'Issued', sortable: true, className: 'whitespace-nowrap', cell: (inv) => formatDay(inv.issueDate) },
  { id: 'dueDate', label: 'Due', sortable: true, className: 'whitespace-nowrap', cell: (inv) => (inv.kind === 'invoice' ? formatDay(inv.dueDate) : '—') },
  { id: 'totalCents', label: 'Total', sortable: true, numeric: true, cell: (inv) => formatCents(inv.totalCents) },
  { id: 'balanceCents', label: 'Balance', sortable: true, numeric: true, cell: (inv) => (inv.kind === 'invoice' ? formatCents(inv.balanceCents) : '—') },
  { id: 'status', label: 'Status', cell: (inv) => <StatusChip status={inv.status} overdue={inv.overdue} daysOverdue={inv.daysOverdue} kind={inv.kind} /> },
];

/** The invoice list: the server filters, searches, sorts and pages (cursor). */
export function InvoiceList(props: { filters: InvoiceFilters; onFilters: (f: Partial<InvoiceFilters>) => void; onOpen: (id: string) => void }) {
  useMoneySettings(); // amounts are in the company's currency: render again when it arrives
  const { filters } = props;
  const pages = useCursorPages(filters);
  const list = useQuery(invoiceListQuery(filters, pages.cursor));

  return (
    <div>
      <FilterChips
        label="Status"
        chips={[
          { id: 'all', label: 'All', pressed: !filters.status && !filters.overdue, onClick: () => props.onFilters({ status: undefined, overdue: false }) },
          ...INVOICE_STATUSES.map((s) => ({ id: s, label: STATUS_LABELS[s], pressed: filters.status === s, onClick: () => props.onFilters({ status: filters.status === s ? undefined : s }) })),
          { id: 'overdue', label: 'Overdue', pressed: filters.overdue, onClick: () => props.onFilters({ overdue: !filters.overdue }) },
        ]}
      />
      <SearchForm query={filters.q} placeholder="Number, client, title" onSearch={(q) => props.onFilters({ q })} />
      <DataTable
        label="Invoices" columns={columns} list={list} rowData={(inv) => ({ 'data-number': inv.number })} onOpen={props.onOpen} sort={filters} onSort={props.onFilters}
        loadingText="Loading invoices…"
        emptyText={filters.q || filters.status || filters.overdue ? 'No invoices match these filters.' : 'No invoices yet. Create the first one.'}
      />
      <CursorPager pages={pages} nextCursor={list.data?.nextCursor} />
    </div>
  );
}
