import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Copy, FileDown, Send, Wand2 } from 'lucide-react';
import { recordHref } from '#contracts/record-href.ts';
import { TIER_LABELS } from '#contracts/proposals.ts';
import { ApiRequestError } from '#lib/api.ts';
import { LoadError } from '#ui/LoadError.tsx';
import { formatDateTime as formatWhen, formatDay } from '#ui/dates.ts';
import { proposalAuditQuery, proposalQuery, useProposalAction, useProposalLink } from './queries.ts';
import { PublicLinkControls } from '#ui/PublicLink.tsx';
import { SendDialog } from '#ui/SendDialog.tsx';
import { StatusChip } from './StatusChip.tsx';
import { Button, buttonStyle } from '#ui/Button.tsx';
import { History } from '#ui/History.tsx';
import { formatCents, formatRate, useMoneySettings } from '#ui/money.ts';

const PROPOSAL_ACTIONS: Record<string, string> = {
  create: 'Created',
  duplicate: 'Created as a copy',
  'create-from-bom': 'Created from a camera plan',
  update: 'Updated',
  'duplicated-from': 'Copied from another proposal',
  send: 'Sent',
  viewed: 'Viewed',
  accept: 'Accepted',
  decline: 'Declined',
  convert: 'Converted',
  'link-revoked': 'Client link revoked',
  'link-rotated': 'New client link made',
};

/** What a signed acceptance records, as the history names it. */
const ACCEPTANCE_FIELDS: Record<string, string> = { signedBy: 'Signed by', email: 'E-mail', userAgent: 'Browser (User-Agent)', documentSha256: 'Document SHA-256' };

/** One proposal: its options side by side, what the client did, and the staff actions. */
export function ProposalDetail(props: { id: string; canEdit: boolean; onEdit: () => void; onOpen: (id: string) => void; onClose: () => void }) {
  useMoneySettings(); // amounts are in the company's currency: render again when it arrives
  const q = useQuery(proposalQuery(props.id));
  const audit = useQuery(proposalAuditQuery(props.id));
  const action = useProposalAction(props.id);
  const link = useProposalLink(props.id);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  if (q.isPending) return <p role="status">Loading proposal…</p>;
  if (q.isError) return <LoadError error={q.error} />;
  const p = q.data;
  const status = p.effectiveStatus;
  /** Issued at acceptance: converting keeps it, so the button and its message must not promise a new one. */
  const depositNumber = p.depositInvoice?.number ?? null;

  const run = async (a: 'send' | 'convert' | 'duplicate', done: string) => {
    setMessage(null);
    try {
      const result = await action.mutateAsync({ action: a });
      setMessage({ kind: 'ok', text: done });
      if (a === 'duplicate') props.onOpen(result.id);
    } catch (err) {
      const top = err instanceof Error ? err.message : 'Failed.';
      // The server's message is its first field message: each message once.
      const fields = err instanceof ApiRequestError ? [...new Set(Object.values(err.fields).flat())].filter((m) => m !== top) : [];
      setMessage({ kind: 'error', text: [top, ...fields].join(' ') });
    }
  };

  return (
    <section aria-label={`Proposal ${p.number}`} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">
            {p.number} <StatusChip status={status} />
          </h2>
          <p className="text-slate-700 dark:text-slate-300">
            {p.title} · {p.clientName}
            {p.siteAddress && ` · ${p.siteAddress}`}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Valid until {formatDay(p.validUntil)} · deposit {p.depositPercent} %{p.cameraPlanId && ` · camera plan ${p.cameraPlanId}`}
          </p>
        </div>
        <Button variant="secondary" onClick={props.onClose}>
          Close
        </Button>
      </header>

      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={`mt-3 rounded-md p-3 ${message.kind === 'error' ? 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100' : 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100'}`}>
          {message.text}
        </p>
      )}

      <div className="mt-4 flex flex-wrap items-end gap-2">
        <a className={`${buttonStyle('secondary')} inline-flex items-center gap-1`} href={`/api/proposals/${encodeURIComponent(p.id)}/pdf`} target="_blank" rel="noreferrer">
          <FileDown aria-hidden className="h-4 w-4" /> PDF
        </a>
        {props.canEdit && status === 'draft' && (
          <Button variant="secondary" onClick={props.onEdit}>
            Edit draft
          </Button>
        )}
        {props.canEdit && (status === 'draft' || status === 'sent' || status === 'viewed') && (p.linkActive || status === 'draft') && (
          <Button
            disabled={action.isPending || sending}
            onClick={() => {
              setMessage(null);
              setSending(true);
            }}
          >
            <Send aria-hidden className="h-4 w-4" /> {status === 'draft' ? 'Send…' : 'Send again…'}
          </Button>
        )}
        {props.canEdit && status === 'accepted' && (
          <Button
            disabled={action.isPending}
            onClick={() =>
              void run('convert', depositNumber ? `Converted: the job is created; the deposit invoice ${depositNumber}, issued when the customer accepted, is kept (no second one).` : 'Converted: the job and the deposit invoice are created.')
            }
          >
            <Wand2 aria-hidden className="h-4 w-4" /> {depositNumber ? 'Convert to job' : 'Convert to job and deposit invoice'}
          </Button>
        )}
        {props.canEdit && (
          <Button variant="secondary" disabled={action.isPending} onClick={() => void run('duplicate', 'Duplicated as a new draft.')}>
            <Copy aria-hidden className="h-4 w-4" /> Duplicate
          </Button>
        )}
      </div>

      {sending && (
        <SendDialog
          title={`${status === 'draft' ? 'Send' : 'Send again'} proposal ${p.number}?`}
          previewUrl={`/api/proposals/${encodeURIComponent(p.id)}/send-preview`}
          again={status !== 'draft'}
          onSend={async (address) => {
            await action.mutateAsync({ action: 'send', body: { to: address } });
            setSending(false);
            setMessage({ kind: 'ok', text: `Sent to ${address}.` });
          }}
          onCancel={() => setSending(false)}
        />
      )}
      {status !== 'draft' && (
        <PublicLinkControls
          noun="proposal"
          number={p.number}
          url={p.publicUrl}
          active={p.linkActive}
          canEdit={props.canEdit}
          canRotate={p.status !== 'declined'}
          {...(p.status === 'declined' ? { offReason: 'The client declined it.' } : {})}
          onRevoke={() => link.mutateAsync('revoke')}
          onRotate={() => link.mutateAsync('rotate')}
        />
      )}
      {p.acceptance && (
        <div className="mt-3 rounded-md bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100" data-testid="acceptance">
          <p className="break-words">
            Accepted by {p.acceptance.name} on {formatWhen(p.acceptance.at)} — {p.options.find((o) => o.id === p.acceptance?.optionId)?.name}, from {p.acceptance.ip}
            {p.acceptance.email ? `, signed copy to ${p.acceptance.email}` : ''}.
            {p.acceptance.documentSha256 && (
              <>
                {' '}
                <a className="font-medium underline" href={`/api/proposals/${encodeURIComponent(p.id)}/certificate`} target="_blank" rel="noreferrer">
                  View certificate
                </a>
              </>
            )}
          </p>
          {p.acceptance.documentSha256 && <img src={`/api/proposals/${encodeURIComponent(p.id)}/signature`} alt={`Signature of ${p.acceptance.name}`} className="mt-2 h-20 max-w-full rounded border border-slate-200 bg-white object-contain" />}
        </div>
      )}
      {p.decline && (
        <p className="mt-3 rounded-md bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
          Declined on {formatWhen(p.decline.at)}
          {p.decline.reason && `: “${p.decline.reason}”`}.
        </p>
      )}
      {p.conversion && (
        <p className="mt-3 rounded-md bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          Converted: job{' '}
          <a className="font-mono underline" href={recordHref('job', p.conversion.jobId)}>
            {p.conversion.jobNumber}
          </a>
          {p.conversion.invoiceId && p.conversion.invoiceNumber && (
            <>
              , deposit invoice{' '}
              <a className="font-mono underline" href={recordHref('invoice', p.conversion.invoiceId)}>
                {p.conversion.invoiceNumber}
              </a>
            </>
          )}
          .
        </p>
      )}

      <div className={`mt-4 grid gap-3 ${p.options.length === 2 ? 'lg:grid-cols-2' : p.options.length === 3 ? 'lg:grid-cols-3' : ''}`}>
        {p.options.map((o) => {
          const t = p.totals.find((x) => x.optionId === o.id);
          return (
            <article key={o.id} className={`rounded-lg border p-3 ${p.acceptance?.optionId === o.id ? 'border-green-600' : 'border-slate-200 dark:border-slate-800'}`} aria-label={o.name}>
              <p className="text-xs font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">{TIER_LABELS[o.tier]}</p>
              <h3 className="font-semibold">{o.name}</h3>
              {o.description && <p className="text-sm text-slate-600 dark:text-slate-400">{o.description}</p>}
              <table className="mt-2 w-full text-sm">
                <tbody>
                  {o.lines.map((l, i) => (
                    <tr key={i}>
                      <td className="py-0.5">
                        {l.quantity} × {l.description}
                        <span className="block text-xs text-slate-500">
                          {l.kind === 'item' ? 'Item' : 'Labour'} · {formatCents(l.unitPriceCents)} · tax {formatRate(l.taxRateBp)}
                        </span>
                      </td>
                      <td className="py-0.5 text-right tabular-nums">{formatCents(t?.lines[i]?.netCents ?? 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {t && (
                <dl className="mt-2 grid grid-cols-2 text-sm tabular-nums">
                  <dt>Subtotal</dt>
                  <dd className="text-right">{formatCents(t.subtotalCents)}</dd>
                  {t.discountCents > 0 && (
                    <>
                      <dt>Discount</dt>
                      <dd className="text-right">−{formatCents(t.discountCents)}</dd>
                    </>
                  )}
                  <dt>Tax</dt>
                  <dd className="text-right">{formatCents(t.taxCents)}</dd>
                  <dt className="font-semibold">Total</dt>
                  <dd className="text-right font-semibold">{formatCents(t.totalCents)}</dd>
                  <dt>Deposit</dt>
                  <dd className="text-right">{formatCents(t.depositCents)}</dd>
                </dl>
              )}
            </article>
          );
        })}
      </div>
      {p.terms && <p className="mt-4 whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">{p.terms}</p>}

      <h3 className="mt-6 font-semibold">History</h3>
      <div className="mt-2">
        <History entries={audit.data?.entries} loading={audit.isPending} error={audit.error?.message ?? null} actionLabel={(a) => PROPOSAL_ACTIONS[a]} fieldLabel={(f) => ACCEPTANCE_FIELDS[f]} />
      </div>
    </section>
  );
}
