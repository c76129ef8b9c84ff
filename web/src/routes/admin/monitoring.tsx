import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';

export const Route = createFileRoute('/admin/monitoring')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Monitoring services">Alarm-monitoring contracts and their billing.</PageHeading>;
}
