import { createFileRoute, Link } from '@tanstack/react-router';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { EmployeesScreen } from '../../features/employees/EmployeesScreen.tsx';
import { TimeTrackingScreen } from '../../features/time/TimeTrackingScreen.tsx';

// A plain parser keeps zod out of the entry bundle (route definitions are not code-split).
const parseSearch = (s: Record<string, unknown>): { tab?: 'hours' } => (s['tab'] === 'hours' ? { tab: 'hours' } : {});

export const Route = createFileRoute('/admin/employees')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    startScreenData(context.queryClient, () =>
      deps.tab === 'hours'
        ? import('../../features/time/queries.ts').then((q) => q.prefetchHoursScreen(context.queryClient))
        : import('../../features/employees/queries.ts').then((q) => q.prefetchEmployeeScreen(context.queryClient)),
    ),
  component: Screen,
});

const tabClass = (active: boolean) =>
  `border-b-2 px-4 py-2 text-sm font-medium ${active ? 'border-blue-700 text-blue-700 dark:border-blue-400 dark:text-blue-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400'}`;

function Screen() {
  const { tab } = Route.useSearch();
  return (
    <div className="grid gap-4">
      <nav aria-label="Employee management" className="flex border-b border-slate-200 dark:border-slate-800">
        <Link to="/admin/employees" search={{}} className={tabClass(tab !== 'hours')} aria-current={tab !== 'hours' ? 'page' : undefined}>
          Employees
        </Link>
        <Link to="/admin/employees" search={{ tab: 'hours' }} className={tabClass(tab === 'hours')} aria-current={tab === 'hours' ? 'page' : undefined}>
          Hours
        </Link>
      </nav>
      {tab === 'hours' ? <TimeTrackingScreen /> : <EmployeesScreen />}
    </div>
  );
}
