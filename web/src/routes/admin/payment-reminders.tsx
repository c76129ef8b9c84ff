import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';

export const Route = createFileRoute('/admin/payment-reminders')({
  component: Screen,
});

function Screen() {
  return <PageHeading title="Payment reminders">Reminder steps before and after the due date.</PageHeading>;
}
