import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';

export const Route = createFileRoute('/admin/proposals')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Proposals">Good, better and best options sent to clients.</PageHeading>;
}
