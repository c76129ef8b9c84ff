import { createFileRoute } from '@tanstack/react-router';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { CameraPlanner } from '../../features/camera-planner/CameraPlanner.tsx';

interface PlannerSearch {
  plan?: string;
}

// A plain parser keeps zod out of the entry bundle (route definitions are not code-split).
function parseSearch(s: Record<string, unknown>): PlannerSearch {
  const plan = s['plan'];
  return typeof plan === 'string' && plan.length > 0 && plan.length <= 200 ? { plan } : {};
}

export const Route = createFileRoute('/admin/camera-planner')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('../../features/camera-planner/queries.ts').then((q) => q.prefetchPlannerScreen(context.queryClient, deps))),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CameraPlanner planId={search.plan} onPlan={(plan) => void navigate({ search: plan ? { plan } : {} })} />;
}
