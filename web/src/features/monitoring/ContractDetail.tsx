import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { BILLING_KEY_STATES } from '#contracts/monitoring.ts';
import { CYCLE_LABELS, type BillingPreview, type Contract, type UnsentDraft } from '#contracts/monitoring.ts';
import { ApiRequestError } from '#lib/api.ts';
import { formatDateTime as formatWhen, formatDay as formatDate } from '#ui/dates.ts';
import { inputClass } from '#ui/styles.ts';
import { ContractForm } from './ContractForm.tsx';
import { ContractHistory } from './ContractHistory.tsx';
import { contractQuery, fetchBillingPreview, useChangeStatus, useRetryPeriod } from './queries.ts';
import { BillingPreviewPanel } from './BillingPreviewPanel.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { Button } from '#ui/Button.tsx';
import { SidePanel } from '#ui/SidePanel.tsx';
import { formatCents, formatRate, useMoneySettings } from '#ui/money.ts';
import { STATUS_LABELS } from '#contracts/invoice-labels.ts';
import { periodKeyLabel } from '#domain/monitoring/contract-invoice.ts';

/** The billing run's own states, in words, for a period whose invoice is not (yet) there. */
const BILLING_STATE_LABELS: Record<(typeof BILLING_KEY_STATES)[number], string> = { done: 'Invoiced', 'in-progress': 'Being billed', stuck: 'Stuck', failed: 'Failed' };

const message = (err: unknown) => (err instanceof ApiRequestError ? err.message : 'Something went wrong. Please try again.');

function CancelForm(props: { contract: Contract; drafts: UnsentDraft[]; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toVoid, setToVoid] = useState<ReadonlySet<string>>(new Set());
  const change = useChangeStatus(props.contract.id);
  const flip = (id: string) =>
    setToVoid((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <form
      className="mt-3 grid gap-2 rounded-md border border-red-200 p-3 dark:border-red-900"
      aria-label="Cancel contract"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim() === '') return setError('Give a reason for cancelling.');
        change.mutate({ to: 'cancelled', reason, voidInvoiceIds: [...toVoid] }, { onSuccess: props.onDone, onError: (err) => setError(message(err)) });
      }}
    >
      <label htmlFor="cancel-reason" className="text-sm font-medium">
        Reason for cancelling{' '}
        <span aria-hidden className="text-red-700">
          *
        </span>
      </label>
      <textarea
        id="cancel-reason"
        rows={2}
        className={inputClass}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'cancel-reason-error' : undefined}
      />
      {error && (
        <p id="cancel-reason-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {props.drafts.length > 0 && (
        <fieldset className="grid gap-1 text-sm">
          <legend className="font-medium">Unsent draft invoices of this contract: tick those to void with it</legend>
          {props.drafts.map((d) => (
            <label key={d.invoiceId} className="flex items-center gap-2">
              <input type="checkbox" checked={toVoid.has(d.invoiceId)} onChange={() => flip(d.invoiceId)} />
              <span>
                {d.number} · {d.period} · {formatCents(d.totalCents)}
              </span>
            </label>
          ))}
          <p className="text-slate-500">Invoices not ticked stay drafts; sent invoices need a credit note on the invoices screen.</p>
        </fieldset>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60" disabled={change.isPending}>
          {toVoid.size > 0 ? `Cancel contract and void ${toVoid.size} invoice${toVoid.size === 1 ? '' : 's'}` : 'Cancel contract'}
        </button>
        <Button variant="secondary" onClick={props.onDone}>
          Keep it
        </Button>
      </div>
    </form>
  );
}

/** The contract drawer: terms, status actions, the invoices its billing runs made. */
export function ContractDetail(props: { id: string; isAdmin: boolean; onClose: () => void }) {
  const money = useMoneySettings();
  const view = useQuery(contractQuery(props.id));
  const [mode, setMode] = useState<'view' | 'edit' | 'cancel'>('view');
  const [actionError, setActionError] = useState<string | null>(null);
  const [activation, setActivation] = useState<BillingPreview | null>(null);
  const change = useChangeStatus(props.id);
  const retry = useRetryPeriod(props.id);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), [props.id]);

  return (
    <SidePanel onClose={props.onClose} closable={mode === 'view'} width="max-w-xl" label={view.data ? `Contract: ${view.data.contract.plan}` : 'Contract'} ref={panel}>
        <div className="mb-4 flex items-start justify-between gap-2">
          <h2 className="text-lg font-semibold">{view.data ? `${view.data.contract.clientName} · ${view.data.contract.siteLabel}` : 'Contract'}</h2>
          <button type="button" aria-label="Close" className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800" onClick={props.onClose}>
            <X aria-hidden className="h-6 w-6" />
          </button>
        </div>
        {view.isPending ? (
          <p role="status">Loading…</p>
        ) : view.isError ? (
          <p role="alert" className="text-red-700">
            {view.error.message}
          </p>
        ) : mode === 'edit' ? (
          <ContractForm contract={view.data.contract} onDone={() => setMode('view')} />
        ) : (
          <>
            {(() => {
              const c = view.data.contract;
              return (
                <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  <dt className="text-slate-500">Status</dt>
                  <dd>
                    <StatusBadge status={c.status} />
                  </dd>
                  <dt className="text-slate-500">Plan</dt>
                  <dd>{c.plan}</dd>
                  <dt className="text-slate-500">Monthly fee</dt>
                  <dd>
                    {formatCents(c.monthlyFeeCents)} · {CYCLE_LABELS[c.billingCycle]}
                    {c.taxRateBp ? ` · tax ${formatRate(c.taxRateBp)}` : ''}
                  </dd>
                  <dt className="text-slate-500">Central station</dt>
                  <dd>{c.centralStation || '—'}</dd>
                  <dt className="text-slate-500">Account number</dt>
                  <dd>{c.accountNumber || '—'}</dd>
                  <dt className="text-slate-500">Term</dt>
                  <dd>
                    {formatDate(c.startDate)} – {c.endDate ? formatDate(c.endDate) : c.cancelledAt ? `cancelled ${formatWhen(c.cancelledAt)}` : 'open-ended'}
                  </dd>
                  {c.cancelReason && (
                    <>
                      <dt className="text-slate-500">Cancelled</dt>
                      <dd>
                        {c.cancelledAt ? formatWhen(c.cancelledAt) : ''}: {c.cancelReason}
                      </dd>
                    </>
                  )}
                </dl>
              );
            })()}
            {view.data.canEdit && view.data.contract.status !== 'cancelled' && (
              <div className="mt-4 flex flex-wrap gap-2">
                {view.data.contract.status === 'pending' && (
                  <Button
 
                    disabled={change.isPending}
                    onClick={() => {
                      setActionError(null);
                      // Catch-up billing (more than the current period) is shown and asked first.
                      fetchBillingPreview(props.id).then(
                        (preview) => (preview.count > 1 ? setActivation(preview) : change.mutate({ to: 'active' }, { onError: (e) => setActionError(message(e)) })),
                        (e: unknown) => setActionError(message(e)),
                      );
                    }}
                  >
                    Activate
                  </Button>
                )}
                <Button variant="secondary" onClick={() => setMode('edit')}>
                  Edit
                </Button>
                <Button variant="secondary" onClick={() => setMode('cancel')}>
                  Cancel contract…
                </Button>
              </div>
            )}
            {actionError && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {actionError}
              </p>
            )}
            {mode === 'cancel' && <CancelForm contract={view.data.contract} drafts={view.data.unsentDrafts} onDone={() => setMode('view')} />}
            {activation && (
              <BillingPreviewPanel
                preview={activation}
                intro="Activating bills the periods since the start date now:"
                confirmLabel={`Activate and bill ${activation.count} invoice${activation.count === 1 ? '' : 's'}`}
                showContract={false}
                busy={change.isPending}
                onConfirm={() => change.mutate({ to: 'active' }, { onSuccess: () => setActivation(null), onError: (e) => setActionError(message(e)) })}
                alternative={{
                  // The last period previewed is the one holding today: bill from it, not the months before.
                  label: `Activate and bill from ${formatDate(activation.invoices[activation.invoices.length - 1]!.billedFrom)} only`,
                  onClick: () => change.mutate({ to: 'active', billFrom: 'current-period' }, { onSuccess: () => setActivation(null), onError: (e) => setActionError(message(e)) }),
                }}
                onCancel={() => setActivation(null)}
              />
            )}

            <h3 className="mt-6 mb-2 font-semibold">Invoices</h3>
            {view.data.invoices.length === 0 ? (
              <p className="text-sm text-slate-500">No invoices generated yet{view.data.contract.status === 'pending' ? ': billing starts once the contract is active.' : '.'}</p>
            ) : (
              <table className="min-w-full text-sm" aria-label="Generated invoices">
                <thead>
                  <tr className="text-left">
                    <th className="py-1">Period</th>
                    <th className="py-1">Invoice</th>
                    <th className="py-1 text-right">Amount</th>
                    <th className="py-1 pl-3">State</th>
                  </tr>
                </thead>
                <tbody>
                  {view.data.invoices.map((i) => (
                    <tr key={i.period} className="border-t border-slate-100 dark:border-slate-800">
                      <td className="py-1">{periodKeyLabel(i.period, money.locale)}</td>
                      <td className="py-1">{i.number ?? '—'}</td>
                      <td className="py-1 text-right tabular-nums">{i.amountCents === null ? '—' : formatCents(i.amountCents)}</td>
                      <td className="py-1 pl-3">
                        {/* "done" only says the run made the invoice; once made, the invoice's own status is what matters. */}
                        {i.state === 'done' && i.invoiceStatus ? (STATUS_LABELS[i.invoiceStatus as keyof typeof STATUS_LABELS] ?? i.invoiceStatus) : BILLING_STATE_LABELS[i.state]}
                        {i.error ? ` (${i.error})` : ''}
                        {props.isAdmin && (i.state === 'stuck' || i.state === 'failed') && (
                          <button
                            type="button"
                            className="ml-2 text-blue-700 underline dark:text-blue-300"
                            disabled={retry.isPending}
                            onClick={() => {
                              if (window.confirm(`Check the invoice list first: no invoice for ${i.period} may exist. Retry billing ${i.period}?`))
                                retry.mutate(i.period, { onError: (e) => setActionError(message(e)) });
                            }}
                          >
                            Retry
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <ContractHistory id={props.id} />
          </>
        )}
    </SidePanel>
  );
}
