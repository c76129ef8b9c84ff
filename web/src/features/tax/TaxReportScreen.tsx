import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { PERIOD_KINDS, TAX_BASES, type TaxReportDto } from '#contracts/invoices.ts';
import { recordHref } from '#contracts/record-href.ts';
import { defaultValue, taxReportParams, taxReportQuery, type TaxSearch } from '#lib/queries/tax.ts';
import { PageHeading } from '#ui/PageHeading.tsx';
import { inputClass } from '#ui/styles.ts';
import { Options } from '#ui/Options.tsx';
import type { SearchPatch } from '#lib/search-params.ts';
import { buttonStyle } from '#ui/Button.tsx';
import { formatCents, formatRate, useMoneySettings } from '#ui/money.ts';
import { formatDay as day } from '#ui/dates.ts';
import { DataTable, staticList, type Column } from '#ui/DataTable.tsx';

type Entry = TaxReportDto['entries'][number] & { id: string };

/** The report's invoices, one row per invoice and rate. */
const entryColumns = (basis: string, day: (iso: string) => string): Column<Entry>[] => [
  {
    id: 'number',
    label: 'Number',
    cell: (e) => (
      <>
        <a className="font-mono text-blue-700 underline dark:text-blue-300" href={recordHref('invoice', e.invoiceId)}>
          {e.number}
        </a>
        {e.kind === 'credit-note' && <span className="ml-1 text-xs text-slate-500">credit note</span>}
      </>
    ),
  },
  { id: 'date', label: basis === 'cash' ? 'Paid' : 'Issued', cell: (e) => day(e.date), className: 'whitespace-nowrap' },
  { id: 'client', label: 'Client', cell: (e) => e.clientName },
  { id: 'rate', label: 'Rate', numeric: true, cell: (e) => formatRate(e.taxRateBp) },
  { id: 'taxable', label: 'Taxable', numeric: true, cell: (e) => formatCents(e.taxableCents) },
  { id: 'tax', label: 'Tax', numeric: true, cell: (e) => formatCents(e.taxCents) },
];

export type { TaxSearch };
export type TaxSearchPatch = SearchPatch<TaxSearch>;

const PERIOD_LABELS: Record<(typeof PERIOD_KINDS)[number], string> = { month: 'Month', quarter: 'Quarter', year: 'Year', custom: 'Custom range' };

/** /admin/tax-reporting: per-rate table for a period and basis, drill-down to invoices, exports. */
export function TaxReportScreen(props: { search: TaxSearch; onSearch: (next: TaxSearchPatch) => void }) {
  useMoneySettings(); // amounts are in the company's currency: render again when it arrives
  const params = taxReportParams(props.search);
  const { basis, period, value, rate } = params;
  const report = useQuery(taxReportQuery(params));
  const [from, to] = period === 'custom' ? value.split('..') : ['', ''];
  const qs = new URLSearchParams({ basis, period, value }).toString();
  const entries = report.data?.entries ?? [];

  return (
    <section>
      <PageHeading title="Tax reporting">Tax per rate and period, on accrual (by issue date) or cash (by payment date) basis.</PageHeading>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div role="group" aria-label="Basis" className="flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-700">
          {TAX_BASES.map((b) => (
            <button
              key={b}
              type="button"
              aria-pressed={basis === b}
              className={`px-3 py-2 text-sm ${basis === b ? 'bg-blue-700 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
              onClick={() => props.onSearch({ basis: b === 'cash' ? 'cash' : undefined, rate: undefined })}
            >
              {b === 'cash' ? 'Cash basis' : 'Accrual basis'}
            </button>
          ))}
        </div>
        <label className="flex flex-col text-sm">
          <span className="font-medium">Period</span>
          <select className={inputClass} value={period} onChange={(e) => props.onSearch({ period: e.target.value, value: defaultValue(e.target.value), rate: undefined })}>
            <Options values={PERIOD_KINDS} labels={PERIOD_LABELS} />
          </select>
        </label>
        {period === 'month' && (
          <label className="flex flex-col text-sm">
            <span className="font-medium">Month</span>
            <input className={inputClass} type="month" value={value} onChange={(e) => e.target.value && props.onSearch({ value: e.target.value, rate: undefined })} />
          </label>
        )}
        {period === 'quarter' && (
          <>
            <label className="flex flex-col text-sm">
              <span className="font-medium">Year</span>
              <input className={`${inputClass} w-24`} type="number" min={2000} max={2100} value={value.slice(0, 4)} onChange={(e) => props.onSearch({ value: `${e.target.value}-${value.slice(5) || 'Q1'}` })} />
            </label>
            <label className="flex flex-col text-sm">
              <span className="font-medium">Quarter</span>
              <select className={inputClass} value={value.slice(5)} onChange={(e) => props.onSearch({ value: `${value.slice(0, 4)}-${e.target.value}` })}>
                {['Q1', 'Q2', 'Q3', 'Q4'].map((q) => (
                  <option key={q}>{q}</option>
                ))}
              </select>
            </label>
          </>
        )}
        {period === 'year' && (
          <label className="flex flex-col text-sm">
            <span className="font-medium">Year</span>
            <input className={`${inputClass} w-24`} type="number" min={2000} max={2100} value={value} onChange={(e) => props.onSearch({ value: e.target.value })} />
          </label>
        )}
        {period === 'custom' && (
          <>
            <label className="flex flex-col text-sm">
              <span className="font-medium">From</span>
              <input className={inputClass} type="date" value={from ?? ''} onChange={(e) => props.onSearch({ value: `${e.target.value}..${to ?? ''}` })} />
            </label>
            <label className="flex flex-col text-sm">
              <span className="font-medium">To</span>
              <input className={inputClass} type="date" value={to ?? ''} onChange={(e) => props.onSearch({ value: `${from ?? ''}..${e.target.value}` })} />
            </label>
          </>
        )}
        <a className={`${buttonStyle('secondary')} inline-flex items-center gap-1`} href={`/api/tax-reports/export.csv?${qs}`} download>
          <Download aria-hidden className="h-4 w-4" /> CSV
        </a>
        <a className={`${buttonStyle('secondary')} inline-flex items-center gap-1`} href={`/api/tax-reports/export.pdf?${qs}`} download>
          <Download aria-hidden className="h-4 w-4" /> PDF
        </a>
      </div>

      {report.isPending ? (
        <p role="status">Loading report…</p>
      ) : report.isError ? (
        <p role="alert" className="text-red-700">
          {report.error.message}
        </p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
            {day(report.data.from)} to {day(report.data.to)}
          </p>
          <table className="w-full max-w-3xl text-sm [&_td]:px-2 [&_th]:px-2 [&_td:first-child]:pl-0 [&_th:first-child]:pl-0" aria-label="Tax per rate" aria-busy={report.isFetching}>
            <thead>
              <tr className="border-b border-slate-200 text-left dark:border-slate-800">
                <th className="py-2">Rate</th>
                <th className="py-2 text-right">Invoices</th>
                <th className="py-2 text-right">Taxable</th>
                <th className="py-2 text-right">Tax</th>
              </tr>
            </thead>
            <tbody>
              {report.data.rows.length === 0 ? (
                <tr>
                  <td colSpan={4} className="py-6 text-center text-slate-500">
                    No {basis === 'cash' ? 'payments' : 'issued invoices'} in this period.
                  </td>
                </tr>
              ) : (
                report.data.rows.map((r) => (
                  <tr key={r.taxRateBp} className={rate === r.taxRateBp ? 'bg-blue-50 dark:bg-blue-950' : ''} data-rate={r.taxRateBp}>
                    <td className="py-1">
                      <button type="button" className="text-blue-700 underline dark:text-blue-300" onClick={() => props.onSearch({ rate: rate === r.taxRateBp ? undefined : r.taxRateBp })}>
                        {formatRate(r.taxRateBp)}
                      </button>
                    </td>
                    <td className="py-1 text-right tabular-nums">{r.invoiceCount}</td>
                    <td className="py-1 text-right tabular-nums">{formatCents(r.taxableCents)}</td>
                    <td className="py-1 text-right tabular-nums">{formatCents(r.taxCents)}</td>
                  </tr>
                ))
              )}
            </tbody>
            <tfoot>
              <tr className="border-t border-slate-200 font-semibold dark:border-slate-800">
                <td className="py-2">Total</td>
                <td />
                <td className="py-2 text-right tabular-nums" data-testid="total-taxable">
                  {formatCents(report.data.totals.taxableCents)}
                </td>
                <td className="py-2 text-right tabular-nums" data-testid="total-tax">
                  {formatCents(report.data.totals.taxCents)}
                </td>
              </tr>
            </tfoot>
          </table>
          <h2 className="mb-2 mt-6 text-lg font-semibold">Invoices{rate !== undefined ? ` at ${formatRate(rate)}` : ''}</h2>
          {report.data.entryCount > entries.length && (
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
              Showing the first {entries.length} of {report.data.entryCount}; the CSV export lists them all.
            </p>
          )}
          {entries.length === 0 ? (
            <p className="text-sm text-slate-500">Nothing to show.</p>
          ) : (
            <DataTable label="Invoices in the report" columns={entryColumns(basis, day)} list={staticList(entries.map((e) => ({ ...e, id: `${e.invoiceId}-${e.taxRateBp}` })), report.isFetching)} loadingText="Loading report…" emptyText="Nothing to show." />
          )}
        </>
      )}
    </section>
  );
}
