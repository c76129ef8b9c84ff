import { useState } from 'react';
import { Navigation } from 'lucide-react';
import { Button } from '#ui/Button.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { formatDateTime } from '#ui/dates.ts';
import { useOnMyWay } from './queries.ts';

/** The technician's one tap on the job screen: the customer hears they are on the way (once per visit). */
export function OnMyWayButton({ job }: { job: { id: string; status: string } }) {
  const send = useOnMyWay(job.id);
  const [sentAt, setSentAt] = useState<string | null>(null);
  if (job.status !== 'scheduled' && job.status !== 'in-progress') return null;
  return (
    <div className="mb-4">
      <Button size="lg" className="w-full sm:w-auto" disabled={send.isPending || sentAt !== null} onClick={() => send.mutate(undefined, { onSuccess: (r) => setSentAt(r.at) })}>
        <Navigation aria-hidden className="mr-2 h-5 w-5" />
        {sentAt ? 'Customer told you are on the way' : send.isPending ? 'Telling the customer…' : 'On my way'}
      </Button>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {sentAt ? `Sent ${formatDateTime(sentAt)} by e-mail (and text message when set up).` : 'Tells the customer by e-mail (and text message when set up) that you are coming.'}
      </p>
      {send.isError && <ErrorNote className="mt-2">{send.error.message}</ErrorNote>}
    </div>
  );
}
