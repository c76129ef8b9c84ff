import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TaxReportDto } from '#contracts/invoices.ts';
import { todayIso } from '#ui/dates.ts';
import { apiFetch } from '../api.ts';

/** Every invoice change invalidates the tax report by this prefix. */
export const TAX_REPORT_KEY = ['tax-report'] as const;

/** The default value of each period kind: the current month, quarter or year. */
export function defaultValue(kind: string, today = todayIso()): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  if (kind === 'quarter') return `${y}-Q${Math.ceil(m / 3)}`;
  if (kind === 'year') return String(y);
  if (kind === 'custom') return `${y}-01-01..${today}`;
  return `${y}-${String(m).padStart(2, '0')}`;
}

export interface TaxSearch {
  basis?: 'cash';
  period?: string;
  value?: string;
  rate?: number;
}

/** The report's parameters for the screen's search (defaults filled in). */
export function taxReportParams(search: TaxSearch) {
  const period = search.period ?? 'month';
  return { basis: search.basis ?? 'accrual', period, value: search.value ?? defaultValue(period), rate: search.rate };
}

export const taxReportQuery = (p: ReturnType<typeof taxReportParams>) =>
  queryOptions({
    queryKey: [...TAX_REPORT_KEY, p.basis, p.period, p.value, p.rate],
    queryFn: () =>
      apiFetch<TaxReportDto>(`/api/tax-reports?${new URLSearchParams({ basis: p.basis, period: p.period, value: p.value, ...(p.rate === undefined ? {} : { rate: String(p.rate) }) }).toString()}`),
    placeholderData: keepPreviousData,
  });

/** What /admin/tax-reporting shows first (the route loader starts it beside the code). */
export const prefetchTaxScreen = (qc: QueryClient, search: TaxSearch) => qc.prefetchQuery(taxReportQuery(taxReportParams(search)));
