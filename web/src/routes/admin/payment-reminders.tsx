import { createFileRoute } from '@tanstack/react-router';
import { PaymentReminders } from '../../features/reminders/PaymentReminders.tsx';

export const Route = createFileRoute('/admin/payment-reminders')({
  component: PaymentReminders,
});
