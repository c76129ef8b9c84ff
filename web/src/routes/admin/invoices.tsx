import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';

export const Route = createFileRoute('/admin/invoices')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Invoice manager">Invoices, payments and credit notes.</PageHeading>;
}
