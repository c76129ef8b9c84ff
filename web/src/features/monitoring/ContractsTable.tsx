import { useQuery } from '@tanstack/react-query';
import { CONTRACT_STATUSES, CYCLE_LABELS, STATUS_LABELS, type Contract } from '#contracts/monitoring.ts';
import { CursorPager, useCursorPages } from '#ui/DataTable.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { FilterSelect, SearchForm } from '#ui/SearchForm.tsx';
import { contractListQuery, type ContractFilters } from './queries.ts';
import { formatDay as formatDate } from '#ui/dates.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { formatCents, useMoneySettings } from '#ui/money.ts';

const COLUMNS: Column<Contract>[] = [
  {
    id: 'clientName',
    label: 'Client / site',
    sortable: true,
    cell: (c) => (
      <>
        <span className="font-medium">{c.clientName}</span>
        <span className="block text-xs text-slate-500">{c.siteLabel}</span>
      </>
    ),
  },
  { id: 'plan', label: 'Plan', sortable: true, cell: (c) => c.plan },
  { id: 'monthlyFeeCents', label: 'Monthly fee', sortable: true, numeric: true, cell: (c) => formatCents(c.monthlyFeeCents) },
  { id: 'billingCycle', label: 'Cycle', cell: (c) => CYCLE_LABELS[c.billingCycle] },
  { id: 'startDate', label: 'Start', sortable: true, cell: (c) => formatDate(c.startDate) },
  { id: 'status', label: 'Status', sortable: true, cell: (c) => <StatusBadge status={c.status} /> },
];

/** The server searches, filters, sorts and pages (cursor); this keeps a stack of cursors for Previous. */
export function ContractsTable(props: { filters: ContractFilters; onFilters: (f: Partial<ContractFilters>) => void; onOpen: (id: string) => void }) {
  useMoneySettings();
  const { filters } = props;
  const pages = useCursorPages(filters);
  const list = useQuery(contractListQuery(filters, pages.cursor));

  return (
    <div>
      <SearchForm query={filters.q} placeholder="Client, site, plan, account" onSearch={(q) => props.onFilters({ q })}>
        <FilterSelect label="Status" value={filters.status ?? ''} allLabel="All statuses" options={CONTRACT_STATUSES} labels={STATUS_LABELS} onChange={(v) => props.onFilters({ status: v || undefined })} />
      </SearchForm>
      <DataTable
        label="Monitoring contracts" columns={COLUMNS} list={list} rowData={(c) => ({ 'data-contract': c.id })} onOpen={props.onOpen} sort={filters} onSort={props.onFilters}
        loadingText="Loading contracts…"
        emptyText={filters.q || filters.status ? 'No contracts match these filters.' : 'No monitoring contracts yet.'}
      />
      <CursorPager pages={pages} nextCursor={list.data?.nextCursor} summary={list.data ? ` · ${list.data.total} contract${list.data.total === 1 ? '' : 's'}` : ''} />
    </div>
  );
}
