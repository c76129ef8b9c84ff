import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';

export const Route = createFileRoute('/admin/inventory')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Inventory manager">Stock on hand, reserved and on order.</PageHeading>;
}
