import { createFileRoute } from '@tanstack/react-router';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { PaymentReminders } from '../../features/reminders/PaymentReminders.tsx';

export const Route = createFileRoute('/admin/payment-reminders')({
  loader: ({ context }) => startScreenData(context.queryClient, () => import('../../features/reminders/queries.ts').then((q) => q.prefetchRemindersScreen(context.queryClient))),
  component: PaymentReminders,
});
