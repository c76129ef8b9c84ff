import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import type { SendPreviewDto } from '#contracts/send-preview.ts';
import { apiFetch } from '#lib/api.ts';
import { sameAddress } from '#domain/clients/contact-greeting.ts';
import { Button } from './Button.tsx';
import { FormError } from './FormError.tsx';
import { formatDateTime } from './dates.ts';
import { inputClass } from './styles.ts';
import { useRevealPanel } from './reveal-panel.ts';

/**
 * Asks before a document goes to a customer: who gets it (the name once, the address once under
 * it, written out, or in a box once "Change address" is pressed), the subject, what is attached
 * and linked, and when it was last sent. With no address on file it says so and offers to edit the client. `onSend`
 * gets the address to send to.
 */
export function SendDialog(props: { title: string; previewUrl: string; again: boolean; onSend: (to: string) => Promise<unknown>; onCancel: () => void }) {
  const id = useId();
  const preview = useQuery({ queryKey: ['send-preview', props.previewUrl], queryFn: () => apiFetch<SendPreviewDto>(props.previewUrl), staleTime: 0 });
  const [to, setTo] = useState<string | null>(null);
  // The address on file is written out (a long one wraps, where a box would cut it); a box to type in only when asked for or when there is none.
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const p = preview.data;
  const ref = useRevealPanel<HTMLElement>(p !== undefined || preview.isError);
  const address = to ?? p?.to ?? '';
  const typing = editing || !p?.to;
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onSend(address.trim());
    } catch (e) {
      setError(e instanceof Error ? e : new Error('Sending failed.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section ref={ref} role="dialog" aria-label={props.title} className="mt-3 grid scroll-m-4 gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-900">
      <h3 className="text-base font-semibold">{props.title}</h3>
      {preview.isPending && <p role="status">Preparing the e-mail…</p>}
      <FormError error={preview.error} />
      {p && (
        <>
          {p.lastSentAt && (
            <p className="rounded-md bg-amber-50 p-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              Last sent {formatDateTime(p.lastSentAt)}
              {p.lastSentTo ? ` to ${sameAddress(p.lastSentTo, address) ? 'this address' : p.lastSentTo}` : ''}.
            </p>
          )}
          <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">{typing ? <label htmlFor={`${id}-to`}>Send to</label> : 'Send to'}</dt>
            <dd className="grid min-w-0 gap-1">
              <span id={`${id}-name`} className="[overflow-wrap:anywhere]">
                {p.toName}
              </span>
              {typing ? (
                <input
                  id={`${id}-to`}
                  aria-describedby={`${id}-name`}
                  className={inputClass}
                  type="email"
                  autoComplete="off"
                  autoFocus={editing}
                  value={address}
                  onChange={(e) => setTo(e.target.value)}
                  placeholder="client@example.com"
                />
              ) : (
                <span className="flex flex-wrap items-baseline gap-x-3">
                  <span className="[overflow-wrap:anywhere]">{address}</span>
                  <button type="button" className="text-blue-700 underline dark:text-blue-300" onClick={() => setEditing(true)}>
                    Change address
                  </button>
                </span>
              )}
            </dd>
            <dt className="font-medium">Subject</dt>
            <dd className="[overflow-wrap:anywhere]">{p.subject}</dd>
            <dt className="font-medium">Attached</dt>
            <dd className="[overflow-wrap:anywhere]">{p.attachments.join(', ')}</dd>
            <dt className="font-medium">Link</dt>
            <dd className="[overflow-wrap:anywhere]">
              the client’s page to view it online:{' '}
              <a className="text-blue-700 underline dark:text-blue-300" href={p.link} target="_blank" rel="noreferrer">
                {p.link}
              </a>
            </dd>
          </dl>
          {!p.to && (
            <p role="alert" className="rounded-md bg-red-50 p-2 text-red-900 dark:bg-red-950 dark:text-red-100">
              {p.toName} has no e-mail address on file.{' '}
              <a className="font-semibold underline" href={`/admin/clients/${encodeURIComponent(p.clientId)}`}>
                Edit the client
              </a>{' '}
              to add one, or type the address to send to above.
            </p>
          )}
        </>
      )}
      <FormError error={error} />
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy || !p || address.trim() === ''} onClick={() => void send()}>
          <Send aria-hidden className="h-4 w-4" /> {busy ? 'Sending…' : props.again ? 'Send again' : 'Send'}
        </Button>
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
