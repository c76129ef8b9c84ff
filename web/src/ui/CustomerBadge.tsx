import type { ReactNode } from 'react';
import { customerInvoiceStatus, type CustomerStatusTone } from '#contracts/invoice-labels.ts';

const TONES: Record<CustomerStatusTone, string> = {
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  green: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  slate: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
};

/** A status badge on the customer's pages (client hub, invoice page). */
export const CustomerBadge = ({ tone, children }: { tone: CustomerStatusTone; children: ReactNode }) => (
  <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>
);

/** An invoice's status in the customer's words (customerInvoiceStatus), the same on /portal and /i/<token>. */
export function CustomerInvoiceStatus({ invoice }: { invoice: Parameters<typeof customerInvoiceStatus>[0] }) {
  const s = customerInvoiceStatus(invoice);
  return <CustomerBadge tone={s.tone}>{s.label}</CustomerBadge>;
}
