import { createFileRoute } from '@tanstack/react-router';
import { parseSearch as parseWith } from '#lib/search-params.ts';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { JobTracker, type JobSearch, type JobSearchPatch } from '../../features/jobs/JobTracker.tsx';

const VIEWS = ['board', 'calendar', 'list'];
const TYPES = ['install', 'prewire', 'trim-out', 'service', 'inspection', 'consultation', 'panel-upgrade'];
const STATUSES = ['unscheduled', 'scheduled', 'in-progress', 'on-hold', 'completed', 'cancelled'];
const parseSearch = (s: Record<string, unknown>) =>
  parseWith<JobSearch>(s, { view: VIEWS, q: 100, type: TYPES, status: STATUSES, employee: 100, week: /^\d{4}-\d{2}-\d{2}$/, job: 100, from: ['dashboard'] });

export const Route = createFileRoute('/admin/jobs')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('../../features/jobs/queries.ts').then((q) => q.prefetchJobScreen(context.queryClient, deps))),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <JobTracker
      search={search}
      // Filters and views replace the entry; opening a job adds one, so a phone's Back closes the
      // full-screen drawer and returns to the same board, week or list.
      onSearch={(next: JobSearchPatch) => void navigate({ search: (prev: JobSearch) => ({ ...prev, ...next }), replace: !(typeof next.job === 'string' && next.job !== search.job) })}
      // A job opened from the technician's dashboard closes back to it.
      onCloseJob={search.from === 'dashboard' ? () => void navigate({ to: '/employee-dashboard' }) : undefined}
    />
  );
}
