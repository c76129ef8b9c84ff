import { useQuery } from '@tanstack/react-query';
import { formatRate, summaryQuery } from './queries.ts';
import { formatDay as formatDate } from '#ui/dates.ts';
import { formatCents, useMoneySettings } from '#ui/money.ts';

function Card(props: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-800" data-testid={props.testId}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{props.label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{props.value}</p>
      {props.hint && <p className="mt-1 text-xs text-slate-500">{props.hint}</p>}
    </div>
  );
}

/** MRR and churn (with the invoice permission), active count, renewals in the next 60 days; stuck billing for admins to look at. */
export function SummaryCards(props: { onOpen: (id: string) => void }) {
  useMoneySettings();
  const summary = useQuery(summaryQuery);
  if (summary.isPending)
    return (
      <p role="status" className="mb-6 text-sm text-slate-500">
        Loading figures…
      </p>
    );
  if (summary.isError)
    return (
      <p role="alert" className="mb-6 text-sm text-red-700">
        {summary.error.message}
      </p>
    );
  const s = summary.data;
  return (
    <section aria-label="Monitoring figures" className="mb-6">
      {/* MRR and churn come only to viewers with the invoice permission; without them two cards fill the row. */}
      <div className={`grid gap-3 sm:grid-cols-2 ${s.mrrCents !== null && s.churn ? 'lg:grid-cols-4' : ''}`}>
        {s.mrrCents !== null && <Card testId="mrr" label="Monthly recurring revenue" value={formatCents(s.mrrCents)} hint="Active and past-due contracts" />}
        <Card testId="active-count" label="Active contracts" value={String(s.counts.active)} hint={`${s.counts['past-due']} past due, ${s.counts.pending} pending`} />
        {s.churn && <Card testId="churn" label="Churn, last 30 days" value={formatRate(s.churn.rateBp)} hint={`${s.churn.cancelled} of ${s.churn.activeAtStart} cancelled`} />}
        <Card testId="renewals" label="Renewals, next 60 days" value={String(s.renewals.length)} />
      </div>
      {s.renewals.length > 0 && (
        <ul className="mt-3 text-sm" aria-label="Upcoming renewals">
          {s.renewals.map((r) => (
            <li key={r.id}>
              <button type="button" className="text-blue-700 underline dark:text-blue-300" onClick={() => props.onOpen(r.id)}>
                {r.clientName}, {r.siteLabel}
              </button>{' '}
              — {r.plan}, ends {formatDate(r.endDate)}
            </li>
          ))}
        </ul>
      )}
      {s.needsAttention.length > 0 && (
        <div role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-semibold">Billing needs a look: {s.needsAttention.length} period(s) stuck or failed.</p>
          <ul>
            {s.needsAttention.map((a) => (
              <li key={`${a.contractId}:${a.period}`}>
                <button type="button" className="underline" onClick={() => props.onOpen(a.contractId)}>
                  {a.period} ({a.state})
                </button>
                {a.error ? `: ${a.error}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
