import { MapPin, Phone, Users } from 'lucide-react';
import { JOB_TYPE_VALUES, type JobSummaryDto } from '#contracts/jobs.ts';
import { formatWindow, useCompanyTimeZone } from '#ui/dates.ts';
import { telHref } from '#domain/shared/phone.ts';
import { STATUS_COLOURS, statusLabel, typeLabel, type JobStatus } from './job-format.ts';

export function StatusBadge(props: { status: string }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_COLOURS[props.status as JobStatus] ?? ''}`}>{statusLabel(props.status)}</span>
  );
}

/** A job on the board: number, title, client, site, window and the people on it. */
export function JobCard(props: { job: JobSummaryDto; names: Map<string, string>; onOpen: () => void; draggable: boolean; children?: React.ReactNode }) {
  useCompanyTimeZone(); // times are shown in the company's zone: render again when it arrives
  const j = props.job;
  return (
    <article
      data-testid={`job-card-${j.number}`}
      draggable={props.draggable}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/x-job-id', j.id);
        e.dataTransfer.setData('text/plain', j.number);
        e.dataTransfer.effectAllowed = 'move';
      }}
      className="rounded-md border border-slate-200 bg-white p-3 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <button type="button" className="block w-full text-left" onClick={props.onOpen}>
        <span className="font-mono text-xs text-slate-500">{j.number}</span> <span className="text-xs text-slate-500">· {typeLabel(j.type)}</span>
        <span className="block font-semibold text-slate-900 dark:text-slate-100">{j.title}</span>
        <span className="block text-slate-600 dark:text-slate-400">{j.clientName}</span>
        <span className="mt-1 flex items-start gap-1 text-xs text-slate-500">
          <MapPin aria-hidden className="mt-0.5 h-3 w-3 shrink-0" /> {j.siteAddress || j.siteLabel}
        </span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{formatWindow(j.scheduledStart, j.scheduledEnd)}</span>
        {j.assignees.length > 0 && (
          <span className="mt-1 flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
            <Users aria-hidden className="h-3 w-3" /> {j.assignees.map((a) => props.names.get(a) ?? a).join(', ')}
          </span>
        )}
      </button>
      {props.children}
    </article>
  );
}

/** The job types as <option>s, labelled. */
export function JobTypeOptions() {
  return JOB_TYPE_VALUES.map((t) => (
    <option key={t} value={t}>
      {typeLabel(t)}
    </option>
  ));
}

/** The customer's phone as a tap-to-call link (the technician on the way, or at a locked gate). */
export function ClientPhone({ phone }: { phone: string | null | undefined }) {
  if (!phone) return null;
  return (
    <a className="inline-flex items-center gap-1 whitespace-nowrap text-blue-700 underline dark:text-blue-300" href={telHref(phone)}>
      <Phone aria-hidden className="h-4 w-4" />
      <span className="sr-only">Call </span>
      {phone}
    </a>
  );
}
