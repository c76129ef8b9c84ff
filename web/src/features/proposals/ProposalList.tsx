import { useQuery } from '@tanstack/react-query';
import { PROPOSAL_STATUSES, STATUS_LABELS, type ProposalDto } from '#contracts/proposals.ts';
import { CursorPager, useCursorPages } from '#ui/DataTable.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { FilterChips } from '#ui/FilterChips.tsx';
import { FilterSelect, SearchForm } from '#ui/SearchForm.tsx';
import { proposalListQuery, type ProposalFilters } from './queries.ts';
import { StatusChip } from './StatusChip.tsx';
import { formatCents, useMoneySettings } from '#ui/money.ts';
import { formatDay } from '#ui/dates.ts';

const SORT_KEYS = ['createdAt', 'number', 'validUntil', 'updatedAt'] as const;
const SORT_LABELS: Record<(typeof SORT_KEYS)[number], string> = { createdAt: 'Created', number: 'Number', validUntil: 'Valid until', updatedAt: 'Last change' };
const ORDERS = ['desc', 'asc'] as const;
const ORDER_LABELS = { desc: 'Newest / highest first', asc: 'Oldest / lowest first' };
/** The columns, valid-until written as the rest of the back office writes dates ("Dec 25, 2026"). */
const columns: Column<ProposalDto>[] = [
  { id: 'number', label: 'Number', className: 'font-mono text-xs', cell: (p) => p.number },
  { id: 'client', label: 'Client', cell: (p) => p.clientName },
  { id: 'title', label: 'Title', cell: (p) => p.title },
  { id: 'status', label: 'Status', cell: (p) => <StatusChip status={p.effectiveStatus} /> },
  { id: 'options', label: 'Options', numeric: true, cell: (p) => p.totals.map((t) => formatCents(t.totalCents)).join(' / ') },
  { id: 'validUntil', label: 'Valid until', cell: (p) => formatDay(p.validUntil) },
];

/** Proposals the server filters, searches, sorts and pages (cursor stack, like the inventory list). */
export function ProposalList(props: { filters: ProposalFilters; onFilters: (f: Partial<ProposalFilters>) => void; onOpen: (id: string) => void }) {
  const { filters } = props;
  useMoneySettings(); // amounts are in the company's currency: render again when it arrives
  const pages = useCursorPages(filters);
  const list = useQuery(proposalListQuery(filters, pages.cursor));

  return (
    <div>
      <FilterChips
        label="Filter by status"
        chips={[
          { id: 'all', label: 'All', pressed: !filters.status, onClick: () => props.onFilters({ status: undefined }) },
          ...PROPOSAL_STATUSES.map((s) => ({ id: s, label: STATUS_LABELS[s], pressed: filters.status === s, onClick: () => props.onFilters({ status: s }) })),
        ]}
      />
      <SearchForm query={filters.q} placeholder="Number, title or client" onSearch={(q) => props.onFilters({ q })}>
        <FilterSelect label="Sort by" value={filters.sort} options={SORT_KEYS} labels={SORT_LABELS} onChange={(sort) => props.onFilters({ sort })} />
        <FilterSelect label="Order" value={filters.dir} options={ORDERS} labels={ORDER_LABELS} onChange={(v) => props.onFilters({ dir: v === 'asc' ? 'asc' : 'desc' })} />
      </SearchForm>
      <DataTable
        label="Proposals" columns={columns} list={list} rowData={(p) => ({ 'data-number': p.number })} onOpen={props.onOpen}
        loadingText="Loading proposals…"
        emptyText={filters.q || filters.status ? 'No proposals match these filters.' : 'No proposals yet.'}
      />
      <CursorPager pages={pages} nextCursor={list.data?.nextCursor} />
    </div>
  );
}
