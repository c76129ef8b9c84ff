import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';

export const Route = createFileRoute('/admin/tax-reporting')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Tax reporting">Tax collected per rate and period.</PageHeading>;
}
