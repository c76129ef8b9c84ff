import type { InvoiceDto } from '#contracts/invoices.ts';
import { STATUS_LABELS } from '#contracts/invoice-labels.ts';

const COLORS: Record<InvoiceDto['status'], string> = {
  draft: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  sent: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
  partial: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  paid: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  void: 'bg-slate-200 text-slate-600 line-through dark:bg-slate-700 dark:text-slate-300',
};

/** The status as a chip, plus an "Overdue" chip when an open invoice is past its due date. */
export function StatusChip(props: { status: InvoiceDto['status']; overdue?: boolean; daysOverdue?: number; kind?: InvoiceDto['kind'] }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${COLORS[props.status]}`} data-status={props.status}>
        {props.kind === 'credit-note' ? 'Credit note' : STATUS_LABELS[props.status]}
      </span>
      {props.overdue && (
        <span className="inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-900 dark:text-red-100" data-overdue>
          Overdue{props.daysOverdue ? ` ${props.daysOverdue} d` : ''}
        </span>
      )}
    </span>
  );
}
