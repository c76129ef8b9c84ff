import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { EmployeesScreen } from '../../features/employees/EmployeesScreen.tsx';

// A plain parser keeps zod out of the entry bundle (route definitions are not code-split).
const parseSearch = (s: Record<string, unknown>): { tab?: 'hours' } => (s['tab'] === 'hours' ? { tab: 'hours' } : {});

export const Route = createFileRoute('/admin/employees')({
  validateSearch: parseSearch,
  component: Screen,
});

function Screen() {
  const { tab } = Route.useSearch();
  return tab === 'hours' ? <PageHeading title="Time tracking">Clock-ins, timesheets and approvals.</PageHeading> : <EmployeesScreen />;
}
