import { Navigation } from 'lucide-react';
import type { JobDto } from '#contracts/jobs.ts';
import { Button } from '#ui/Button.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { formatTime } from '#ui/dates.ts';
import { useOnMyWay } from './queries.ts';

/**
 * The technician's one tap on the job screen: the customer hears they are on the way. Shown only
 * to someone assigned to the visit (the server refuses anyone else, and a day other than the
 * visit's, and says why); once per visit: a second tap says when the customer was told and sends
 * nothing.
 */
export function OnMyWayButton({ job, assigned }: { job: Pick<JobDto, 'id' | 'status' | 'clientName' | 'onMyWay'>; assigned: boolean }) {
  const send = useOnMyWay(job.id);
  if (!assigned || (job.status !== 'scheduled' && job.status !== 'in-progress')) return null;
  const told = send.data?.onMyWay ?? job.onMyWay;
  const note = send.data
    ? send.data.sent
      ? `Told ${job.clientName} you are on the way at ${formatTime(send.data.onMyWay.at)}, by e-mail (and text message when set up).`
      : `Already told ${job.clientName} at ${formatTime(send.data.onMyWay.at)}; nothing sent again.`
    : told
      ? `Already told ${job.clientName} at ${formatTime(told.at)}.`
      : 'Tells the customer by e-mail (and text message when set up) that you are coming.';
  return (
    <div className="mb-4">
      <Button size="lg" className="min-h-11 w-full sm:w-auto" disabled={send.isPending} onClick={() => send.mutate()}>
        <Navigation aria-hidden className="mr-2 h-5 w-5" />
        {send.isPending ? 'Telling the customer…' : 'On my way'}
      </Button>
      <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400" aria-live="polite">
        {note}
      </p>
      {send.isError && <ErrorNote className="mt-2">{send.error.message}</ErrorNote>}
    </div>
  );
}
