import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxMessage } from '#contracts/support.ts';
import { MESSAGE_KIND_LABELS, MESSAGE_STATUS_VALUES as STATUSES } from '#contracts/public-site-values.ts';
import { recordHref } from '#contracts/record-href.ts';
import { telHref } from '#domain/shared/phone.ts';
import { apiFetch } from '#lib/api.ts';
import { Button } from '#ui/Button.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { formatDateTime } from '#ui/dates.ts';
import { LinkedText } from '#ui/LinkedText.tsx';
import { slugLabel } from '#ui/StatusFilter.tsx';
import { useCan } from '../auth/session.ts';

/**
 * One inbox message: who wrote, what, the status buttons, and for a client-hub service request
 * "Open a job" (once, for staff who may edit jobs). `linked`: the message a notification or office
 * mail opened (?message=), scrolled to, focused and highlighted once it is on the screen.
 */
export function MessageCard({ message: m, linked = false }: { message: InboxMessage; linked?: boolean }) {
  const client = useQueryClient();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!linked) return;
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    // The router resets the scroll (smoothly) after a navigation has rendered, which may come after
    // this card appeared: for the first second keep the card on the screen, until the person
    // scrolls, taps or types themselves.
    let frame = 0;
    let frames = 0;
    const keep = () => {
      const box = el.getBoundingClientRect();
      if (box.top < 64 || box.top > window.innerHeight - 120) el.scrollIntoView({ block: 'center', behavior: 'instant' });
      if (++frames < 60) frame = requestAnimationFrame(keep);
    };
    const stop = () => cancelAnimationFrame(frame);
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const e of events) window.addEventListener(e, stop, { once: true, passive: true });
    keep();
    return () => {
      stop();
      for (const e of events) window.removeEventListener(e, stop);
    };
  }, [linked]);
  const change = useMutation({
    mutationFn: (status: string) => apiFetch(`/api/admin/messages/${encodeURIComponent(m.id)}`, { method: 'PATCH', json: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
  return (
    <li
      ref={ref}
      id={`message-${m.id}`}
      tabIndex={linked ? -1 : undefined}
      aria-current={linked ? 'true' : undefined}
      className={
        linked
          ? 'scroll-mt-24 rounded-xl border-2 border-amber-400 bg-amber-50 p-5 outline-none ring-4 ring-amber-200 dark:border-amber-500 dark:bg-amber-950/40 dark:ring-amber-900'
          : 'rounded-xl border border-slate-200 p-5 dark:border-slate-800'
      }
    >
      {linked && <p className="mb-2 text-sm font-semibold text-amber-900 dark:text-amber-200">The message you followed a link to</p>}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="min-w-0 font-semibold break-words text-slate-900 dark:text-white">{m.subject}</h2>
        <span className="text-sm text-slate-700 dark:text-slate-300">
          {m.serviceRequest ? 'Service request' : MESSAGE_KIND_LABELS[m.kind]} · {slugLabel(m.status)}
        </span>
      </div>
      <p className="text-sm break-words text-slate-700 dark:text-slate-300">
        {m.name} · <a className="underline" href={`mailto:${m.email}`}>{m.email}</a>
        {m.phone && (
          <>
            {' · '}
            <a className="underline" href={telHref(m.phone)}>
              {m.phone}
            </a>
          </>
        )}{' '}
        · {formatDateTime(m.createdAt)}
      </p>
      <p className="mt-3 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
        <LinkedText text={m.message} />
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {m.serviceRequest && <OpenJob messageId={m.id} request={m.serviceRequest} />}
        {STATUSES.filter((s) => s !== m.status).map((s) => (
          <Button key={s} variant="secondary" size="sm" disabled={change.isPending} onClick={() => change.mutate(s)}>
            {s === 'new' ? 'Mark unread' : s === 'answered' ? 'Mark answered' : 'Archive'}
          </Button>
        ))}
      </div>
    </li>
  );
}

function OpenJob({ messageId, request }: { messageId: string; request: NonNullable<InboxMessage['serviceRequest']> }) {
  const canOpen = useCan('editJobs');
  const client = useQueryClient();
  const open = useMutation({
    mutationFn: () => apiFetch<{ jobId: string; number: string }>(`/api/admin/messages/${encodeURIComponent(messageId)}/job`, { method: 'POST', json: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
  const job = open.data ?? (request.jobId ? { jobId: request.jobId, number: request.jobNumber } : null);
  if (job) {
    return (
      <a className="text-sm font-medium text-blue-700 underline dark:text-blue-300" href={recordHref('job', job.jobId)}>
        {job.number ? `Job ${job.number} opened from this request` : 'Job opened from this request'}
      </a>
    );
  }
  if (!canOpen) return null;
  return (
    <>
      <Button size="sm" disabled={open.isPending} onClick={() => open.mutate()}>
        {open.isPending ? 'Opening a job…' : 'Open a job'}
      </Button>
      {open.isError && <ErrorNote>{open.error.message}</ErrorNote>}
    </>
  );
}
