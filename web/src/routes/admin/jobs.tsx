import { createFileRoute } from '@tanstack/react-router';
import { JobTracker, type JobSearch, type JobSearchPatch } from '../../features/jobs/JobTracker.tsx';

const VIEWS = ['board', 'calendar', 'list'];
const TYPES = ['install', 'prewire', 'trim-out', 'service', 'inspection', 'consultation', 'panel-upgrade'];
const STATUSES = ['unscheduled', 'scheduled', 'in-progress', 'on-hold', 'completed', 'cancelled'];
const str = (v: unknown, max = 100) => (typeof v === 'string' && v.length <= max ? v : undefined);

// A plain parser keeps zod out of the entry bundle (route definitions are not code-split).
function parseSearch(s: Record<string, unknown>): JobSearch {
  const out: JobSearch = {};
  const view = str(s['view']);
  if (view && VIEWS.includes(view)) out.view = view as JobSearch['view'];
  const q = str(s['q']);
  if (q) out.q = q;
  const type = str(s['type']);
  if (type && TYPES.includes(type)) out.type = type;
  const status = str(s['status']);
  if (status && STATUSES.includes(status)) out.status = status;
  const employee = str(s['employee']);
  if (employee) out.employee = employee;
  const week = str(s['week'], 10);
  if (week && /^\d{4}-\d{2}-\d{2}$/.test(week)) out.week = week;
  const job = str(s['job']);
  if (job) out.job = job;
  return out;
}

export const Route = createFileRoute('/admin/jobs')({
  validateSearch: parseSearch,
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <JobTracker search={search} onSearch={(next: JobSearchPatch) => void navigate({ search: (prev: JobSearch) => ({ ...prev, ...next }), replace: true })} />;
}
