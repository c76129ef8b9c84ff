import { useState } from 'react';
import { Link as LinkIcon, Link2Off, RefreshCw } from 'lucide-react';
import { Button } from './Button.tsx';
import { ErrorNote } from './FormError.tsx';

type Step = 'revoke' | 'rotate' | null;

/**
 * A document's client link in a back-office drawer (invoices, proposals): where it points, and
 * for editors "New link" (rotate: the old link stops working, for a document sent to the wrong
 * person) and "Revoke link", each asked once before it happens (issue 15 finding 6).
 */
export function PublicLinkControls(props: {
  /** "invoice" or "proposal", as the sentences say it. */
  noun: string;
  number: string;
  url: string;
  active: boolean;
  canEdit: boolean;
  /** False when no new link may be made (a void invoice, a declined proposal). */
  canRotate: boolean;
  /** Why the link is off when it is not the staff's doing ("Voiding the invoice turned it off."). */
  offReason?: string;
  onRevoke: () => Promise<unknown>;
  onRotate: () => Promise<unknown>;
}) {
  const [step, setStep] = useState<Step>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = async (what: 'revoke' | 'rotate') => {
    setBusy(true);
    setError(null);
    try {
      await (what === 'revoke' ? props.onRevoke() : props.onRotate());
      setDone(what === 'revoke' ? 'Link revoked. Anyone opening it now sees “This link is no longer valid” and how to reach you.' : 'New link made. The old link no longer works; send the new one to the right person.');
      setStep(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-3 text-sm" data-testid="client-link">
      {props.active ? (
        <p className="flex flex-wrap items-center gap-x-1">
          <LinkIcon aria-hidden className="h-4 w-4 shrink-0" /> Client link:{' '}
          <a className="break-all text-blue-700 underline dark:text-blue-300" href={props.url} target="_blank" rel="noreferrer">
            {props.url}
          </a>
        </p>
      ) : (
        <p className="flex items-start gap-1 text-slate-700 dark:text-slate-300">
          <Link2Off aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> The client link is off: it shows “This link is no longer valid” and your contact details, nothing of this {props.noun}.
          {props.offReason ? ` ${props.offReason}` : ''}
          {props.canRotate ? ' Make a new link to share it again.' : ''}
        </p>
      )}
      {props.canEdit && step === null && (props.active || props.canRotate) && (
        <div className="mt-2 flex flex-wrap gap-2">
          {props.canRotate && (
            <Button variant="secondary" size="sm" onClick={() => setStep('rotate')}>
              <RefreshCw aria-hidden className="h-3.5 w-3.5" /> New link
            </Button>
          )}
          {props.active && (
            <Button variant="danger" size="sm" onClick={() => setStep('revoke')}>
              <Link2Off aria-hidden className="h-3.5 w-3.5" /> Revoke link
            </Button>
          )}
        </div>
      )}
      {step && (
        <section role="dialog" aria-label={step === 'revoke' ? 'Revoke the client link?' : 'Make a new client link?'} className="mt-2 rounded-lg border border-slate-300 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-900">
          <h3 className="font-semibold">{step === 'revoke' ? 'Revoke the client link?' : 'Make a new client link?'}</h3>
          <p className="mt-1">
            {step === 'revoke'
              ? `Anyone opening the link of ${props.number}, the client too, will see “This link is no longer valid” and how to contact you, not the ${props.noun}. You can make a new link later.`
              : `The link sent so far stops working at once (use this when ${props.number} went to the wrong person). The ${props.noun} gets a new link to send to the right person.`}
          </p>
          {error && <ErrorNote className="mt-2">{error}</ErrorNote>}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant={step === 'revoke' ? 'danger' : 'primary'} disabled={busy} onClick={() => void run(step)}>
              {busy ? 'Working…' : step === 'revoke' ? 'Revoke link' : 'Make new link'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setStep(null)}>
              Keep the link
            </Button>
          </div>
        </section>
      )}
      {done && step === null && (
        <p role="status" className="mt-2 text-green-800 dark:text-green-300">
          {done}
        </p>
      )}
    </div>
  );
}

/** What a revoked or replaced public link shows (/i/…, /p/…): no document, no customer, whom to contact. */
export function LinkNoLongerValid(props: { message: string }) {
  return (
    <section className="mx-auto max-w-xl rounded-lg border border-slate-200 p-6 dark:border-slate-800" data-testid="link-gone">
      <Link2Off aria-hidden className="h-8 w-8 text-slate-500" />
      <h1 className="mt-3 text-2xl font-bold">This link is no longer valid</h1>
      {/* The server's message starts with the heading's words; the rest says whom to contact. */}
      <p className="mt-3 text-slate-700 dark:text-slate-300">{props.message.replace(/^This link is no longer valid\.\s*/, '') || props.message}</p>
    </section>
  );
}
