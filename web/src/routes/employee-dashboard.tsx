import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../ui/PageHeading.tsx';

export const Route = createFileRoute('/employee-dashboard')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="My dashboard">Your jobs for today and the week, and your hours.</PageHeading>;
}
