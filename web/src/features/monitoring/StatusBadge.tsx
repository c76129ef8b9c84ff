import { STATUS_LABELS, type Contract } from '#contracts/monitoring.ts';

const TONE: Record<Contract['status'], string> = {
  pending: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  active: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  'past-due': 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  cancelled: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

export function StatusBadge(props: { status: Contract['status'] }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[props.status]}`}>{STATUS_LABELS[props.status]}</span>;
}
