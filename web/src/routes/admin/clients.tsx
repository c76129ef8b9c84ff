import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';

export const Route = createFileRoute('/admin/clients')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Client database">Residential and commercial clients, their sites and alarm accounts.</PageHeading>;
}
