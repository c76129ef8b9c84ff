import { numberFormat } from '#domain/shared/intl-format.ts';
import { formatDateTime } from '#ui/dates.ts';
import { Suspense, lazy } from 'react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { useQuery } from '@tanstack/react-query';
import { Inbox, MessageSquareText, Star } from 'lucide-react';
import { PageHeading } from '#ui/PageHeading.tsx';
import { countsQuery } from '../../features/admin-panel/queries.ts';
import { useLiveStats } from '../../features/admin-panel/use-live-stats.ts';
import { dailySeries } from '../../features/admin-panel/daily-series.ts';
import { LoadError } from '#ui/LoadError.tsx';
import { Panel } from '#ui/Section.tsx';
import { Shortcuts } from '../../features/auth/components/Shortcuts.tsx';

const DailyViewsChart = lazy(() => import('../../features/admin-panel/DailyViewsChart.tsx'));

export const Route = createFileRoute('/admin/')({
  loader: ({ context }) => startScreenData(context.queryClient, () => import('../../features/admin-panel/queries.ts').then((q) => q.prefetchAdminPanel(context.queryClient))),
  component: Screen,
});

const number = numberFormat('en-US');
const sortedEntries = (m: Readonly<Record<string, number>>) => Object.entries(m).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

function Screen() {
  const stats = useLiveStats();
  const counts = useQuery(countsQuery);
  const s = stats.data;
  const lastDay = s ? (Object.keys(s.dailyStats).sort().at(-1) ?? new Date().toISOString().slice(0, 10)) : '';
  return (
    <>
      <PageHeading title="Admin panel">Site traffic, new leads, reviews awaiting moderation and unread messages.</PageHeading>
      {counts.isError && <LoadError error={counts.error} />}
      {counts.data && (
        <ul className="grid gap-4 sm:grid-cols-3" aria-label="Waiting for you">
          <CountCard to="/admin/leads" icon={Inbox} label="New leads" value={counts.data.newLeads} />
          <CountCard to="/admin/reviews" icon={Star} label="Reviews awaiting moderation" value={counts.data.pendingReviews} />
          <CountCard to="/admin/messages" icon={MessageSquareText} label="Unread messages" value={counts.data.unreadMessages} />
        </ul>
      )}
      <div className="mt-6">
        <Shortcuts />
      </div>
      {stats.isError && <div className="mt-6"><LoadError error={stats.error} /></div>}
      {s && (
        <>
          <div className="mt-8 flex items-center justify-between">
            <h2 className="text-xl font-bold text-slate-900 dark:text-white">Site traffic</h2>
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="stats-mode">
              {stats.mode === 'live' ? 'Live' : stats.mode === 'polling' ? 'Updating every 15 s' : 'Connecting…'} · last view{' '}
              {formatDateTime(s.lastUpdated)}
            </p>
          </div>
          <dl className="mt-4 grid gap-4 sm:grid-cols-4">
            <Stat label="Total page views" value={s.totalVisits} testId="total-visits" />
            <Stat label="Unique visitors" value={s.uniqueVisitors} testId="unique-visitors" />
            <Stat label="Mobile visitors" value={s.deviceTypes.mobile} />
            <Stat label="Desktop visitors" value={s.deviceTypes.desktop} />
          </dl>
          <Panel title="Daily page views (last 30 days)" className="mt-6">
            <Suspense fallback={<div className="h-[260px]" />}>
              <DailyViewsChart data={dailySeries(s.dailyStats, lastDay)} />
            </Suspense>
          </Panel>
          <div className="mt-6 grid gap-6 lg:grid-cols-3">
            <Panel title="Top 10 pages">
              <CountTable rows={s.topPages.map((p) => [p.page, p.views])} head={['Page', 'Views']} testId="top-pages" />
            </Panel>
            <Panel title="Referrers (first visits)">
              <CountTable rows={sortedEntries(s.referrers).slice(0, 10)} head={['Source', 'Visitors']} />
            </Panel>
            <Panel title="Devices (first visits)">
              <CountTable rows={sortedEntries(s.deviceTypes)} head={['Device', 'Visitors']} />
            </Panel>
          </div>
        </>
      )}
    </>
  );
}

function CountCard(props: { to: '/admin/leads' | '/admin/reviews' | '/admin/messages'; icon: typeof Inbox; label: string; value: number }) {
  const Icon = props.icon;
  return (
    <li>
      <Link to={props.to} className="flex items-center gap-4 rounded-xl border border-slate-200 p-5 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900">
        <Icon aria-hidden className="h-8 w-8 text-blue-700 dark:text-blue-400" />
        <span>
          <span className="block text-3xl font-bold text-slate-900 dark:text-white">{number.format(props.value)}</span>
          <span className="block text-sm text-slate-700 dark:text-slate-300">{props.label}</span>
        </span>
      </Link>
    </li>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-900">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white" data-testid={testId}>
        {number.format(value)}
      </dd>
    </div>
  );
}

function CountTable({ rows, head, testId }: { rows: [string, number][]; head: [string, string]; testId?: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-300">Nothing yet.</p>;
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <thead>
        <tr className="text-left text-slate-700 dark:text-slate-300">
          <th className="pb-1 font-medium">{head[0]}</th>
          <th className="pb-1 text-right font-medium">{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k} className="border-t border-slate-100 dark:border-slate-800">
            <td className="py-1 break-all text-slate-900 dark:text-slate-100">{k}</td>
            <td className="py-1 text-right text-slate-900 dark:text-slate-100">{number.format(v)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
