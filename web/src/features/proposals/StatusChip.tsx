import { STATUS_LABELS, type ProposalDto } from '#contracts/proposals.ts';

type Status = ProposalDto['status'];

const COLORS: Record<Status, string> = {
  draft: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  sent: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
  viewed: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100',
  accepted: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  declined: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  expired: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  converted: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
};

export function StatusChip({ status }: { status: Status }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${COLORS[status]}`}>{STATUS_LABELS[status]}</span>;
}
