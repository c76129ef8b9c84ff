import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Copy, Download, Send, X } from 'lucide-react';
import { METHOD_LABELS, TERMS_LABELS } from '#contracts/invoices.ts';
import { History } from '#ui/History.tsx';
import { CreditNoteDialog, PaymentDialog, RefundDialog, refundableCents, RemovePaymentConfirm, VoidDialog } from './InvoiceActions.tsx';
import { recordedByProvider } from '#domain/invoices/invoice.ts';
import { InvoiceEditor } from './InvoiceEditor.tsx';
import { invoiceQuery, useDuplicateInvoice, useInvoiceLink, useSendInvoice } from './queries.ts';
import { PublicLinkControls } from '#ui/PublicLink.tsx';
import { SendDialog } from '#ui/SendDialog.tsx';
import { InvoiceLinesTable, SubtotalAndTaxes } from './InvoiceLinesTable.tsx';
import { StatusChip } from './StatusChip.tsx';
import { Button, buttonStyle } from '#ui/Button.tsx';
import { formatCents, useMoneySettings } from '#ui/money.ts';
import { formatDay as day } from '#ui/dates.ts';
import { INVOICE_ACTIONS } from './invoice-actions.ts';

type Panel = 'edit' | 'send' | 'pay' | 'void' | 'credit' | `edit-payment:${string}` | `remove-payment:${string}` | `refund-payment:${string}` | null;


/** One invoice: lines, tax per rate, totals, payments, history, and what may be done next. */
export function InvoiceDetail(props: { id: string; onClose: () => void; onOpen: (id: string) => void }) {
  useMoneySettings(); // amounts are in the company's currency: render again when it arrives
  const q = useQuery(invoiceQuery(props.id));
  const duplicate = useDuplicateInvoice(props.id);
  const [panel, setPanel] = useState<Panel>(null);
  const send = useSendInvoice(props.id);
  const link = useInvoiceLink(props.id);
  const [sendError, setSendError] = useState<string | null>(null);

  if (q.isPending)
    return (
      <aside className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800" role="status">
        Loading invoice…
      </aside>
    );
  if (q.isError)
    return (
      <aside className="mt-6 rounded-lg border border-red-200 p-4 text-red-800" role="alert">
        {q.error.message}
      </aside>
    );
  const { invoice: inv, canEdit, audit, publicUrl, linkActive } = q.data;
  const isInvoice = inv.kind === 'invoice';
  const open = isInvoice && (inv.status === 'sent' || inv.status === 'partial');

  return (
    <aside className="relative mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label={`Invoice ${inv.number}`}>
      <button type="button" className="absolute top-2 right-2 p-2" aria-label="Close invoice" onClick={props.onClose}>
        <X aria-hidden className="h-5 w-5" />
      </button>
      <div className="flex flex-wrap items-start justify-between gap-3 sm:pr-10">
        <div className="min-w-0 max-sm:pr-10">
          <h2 className="text-xl font-semibold">
            {isInvoice ? 'Invoice' : 'Credit note'} <span className="font-mono">{inv.number}</span>
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {inv.clientName}
            {inv.title ? ` · ${inv.title}` : ''}
          </p>
          <div className="mt-1" data-testid="invoice-status">
            <StatusChip status={inv.status} overdue={inv.overdue} daysOverdue={inv.daysOverdue} kind={inv.kind} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <a className={`${buttonStyle('secondary')} inline-flex items-center gap-1`} href={`/api/invoices/${encodeURIComponent(inv.id)}/pdf`} download>
            <Download aria-hidden className="h-4 w-4" /> PDF
          </a>
          {canEdit && inv.status !== 'void' && (linkActive || inv.status === 'draft') && (
            <Button
              disabled={send.isPending || panel === 'send'}
              onClick={() => {
                setSendError(null);
                send.reset();
                setPanel('send');
              }}
            >
              <Send aria-hidden className="h-4 w-4" /> {inv.status === 'draft' || !isInvoice ? 'Send…' : 'Send again…'}
            </Button>
          )}
          {canEdit && inv.status === 'draft' && (
            <Button variant="secondary" onClick={() => setPanel('edit')}>
              Edit
            </Button>
          )}
          {canEdit && open && (
            <Button variant="secondary" onClick={() => setPanel('pay')}>
              Record payment
            </Button>
          )}
          {canEdit && open && (
            <Button variant="secondary" onClick={() => setPanel('credit')}>
              Credit note
            </Button>
          )}
          {canEdit && isInvoice && (
            <Button
              variant="secondary"
              disabled={duplicate.isPending}
              onClick={() => {
                setSendError(null);
                duplicate.mutate(undefined, { onSuccess: (copy) => props.onOpen(copy.id), onError: (e) => setSendError(e.message) });
              }}
            >
              <Copy aria-hidden className="h-4 w-4" /> {duplicate.isPending ? 'Duplicating…' : 'Duplicate'}
            </Button>
          )}
          {canEdit && isInvoice && inv.status !== 'void' && (
            <Button variant="secondary" onClick={() => setPanel('void')}>
              Void
            </Button>
          )}
        </div>
      </div>
      {inv.status !== 'draft' && (
        <PublicLinkControls
          noun={isInvoice ? 'invoice' : 'credit note'}
          number={inv.number}
          url={publicUrl}
          active={linkActive}
          canEdit={canEdit}
          canRotate={inv.status !== 'void'}
          {...(inv.status === 'void' ? { offReason: 'Voiding the invoice turned it off.' } : {})}
          onRevoke={() => link.mutateAsync('revoke')}
          onRotate={() => link.mutateAsync('rotate')}
        />
      )}
      {panel === 'send' && (
        <SendDialog
          title={isInvoice ? `${inv.status === 'draft' ? 'Send' : 'Send again'} invoice ${inv.number}?` : `Send credit note ${inv.number}?`}
          previewUrl={`/api/invoices/${encodeURIComponent(inv.id)}/send-preview`}
          again={inv.status !== 'draft'}
          onSend={(to) => send.mutateAsync({ to }).then(() => setPanel(null))}
          onCancel={() => setPanel(null)}
        />
      )}
      {send.isSuccess && <p role="status" className="mt-2 text-sm text-green-800 dark:text-green-300">Sent to {send.variables.to || inv.clientEmail || 'the client'}.</p>}
      {sendError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {sendError}
        </p>
      )}

      {panel === 'edit' && (
        <div className="mt-4">
          <InvoiceEditor invoice={inv} onDone={() => setPanel(null)} />
        </div>
      )}
      {panel === 'pay' && <PaymentDialog invoice={inv} onClose={() => setPanel(null)} />}
      {inv.payments.map((p) =>
        panel === `edit-payment:${p.id}` ? (
          <PaymentDialog key={p.id} invoice={inv} payment={p} onClose={() => setPanel(null)} />
        ) : panel === `remove-payment:${p.id}` ? (
          <RemovePaymentConfirm key={p.id} invoice={inv} payment={p} onClose={() => setPanel(null)} />
        ) : panel === `refund-payment:${p.id}` ? (
          <RefundDialog key={p.id} invoice={inv} payment={p} onClose={() => setPanel(null)} />
        ) : null,
      )}
      {panel === 'void' && <VoidDialog invoice={inv} onClose={() => setPanel(null)} />}
      {panel === 'credit' && (
        <CreditNoteDialog
          invoice={inv}
          onClose={(note) => {
            setPanel(null);
            if (note) props.onOpen(note.id);
          }}
        />
      )}

      {panel !== 'edit' && (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-2 text-sm md:grid-cols-4">
            <div>
              <dt className="text-slate-500">Issued</dt>
              <dd>{day(inv.issueDate)}</dd>
            </div>
            {isInvoice && (
              <div>
                <dt className="text-slate-500">Due</dt>
                <dd>
                  {day(inv.dueDate)} · {TERMS_LABELS[inv.terms]}
                </dd>
              </div>
            )}
            {inv.creditFor && (
              <div>
                <dt className="text-slate-500">Credits</dt>
                <dd>
                  <button type="button" className="text-blue-700 underline" onClick={() => props.onOpen(inv.creditFor?.id ?? '')}>
                    {inv.creditFor.number}
                  </button>
                </dd>
              </div>
            )}
            {inv.voidReason && (
              <div>
                <dt className="text-slate-500">Void because</dt>
                <dd>{inv.voidReason}</dd>
              </div>
            )}
          </dl>
          <InvoiceLinesTable label="Invoice lines" lines={inv.lines} />
          <dl className="ml-auto mt-3 grid max-w-sm grid-cols-2 gap-1 text-sm" aria-label="Totals">
            <SubtotalAndTaxes subtotalCents={inv.subtotalCents} taxes={inv.taxes} showTaxable />
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold tabular-nums">{formatCents(inv.totalCents)}</dd>
            {isInvoice && (
              <>
                <dt>Paid</dt>
                <dd className="text-right tabular-nums">{formatCents(inv.paidCents)}</dd>
                {inv.creditedCents > 0 && (
                  <>
                    <dt>Credited</dt>
                    <dd className="text-right tabular-nums">{formatCents(inv.creditedCents)}</dd>
                  </>
                )}
                <dt className="font-semibold">Balance due</dt>
                <dd className="text-right font-semibold tabular-nums" data-testid="balance">
                  {formatCents(inv.balanceCents)}
                </dd>
              </>
            )}
          </dl>
          {isInvoice && (
            <section className="mt-4" aria-label="Payments">
              <h3 className="font-semibold">Payments</h3>
              {inv.payments.length === 0 ? (
                <p className="text-sm text-slate-500">No payments yet.</p>
              ) : (
                <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Recorded payments">
                  {inv.payments.map((p) => {
                    const byProvider = recordedByProvider(p);
                    return (
                      <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-1" data-testid="payment">
                        <span className="min-w-0 break-words">
                          {day(p.date)} · <span className="tabular-nums">{p.amountCents < 0 ? `Refund ${formatCents(-p.amountCents)}` : formatCents(p.amountCents)}</span> · {METHOD_LABELS[p.method]}
                          {p.reference ? ` · ${p.reference}` : ''} <span className="text-slate-500">(recorded by {p.recordedBy})</span>
                        </span>
                        {canEdit && inv.status !== 'void' && (
                          <span className="flex gap-2">
                            {byProvider && p.amountCents > 0 && refundableCents(inv, p) > 0 && (
                              <Button variant="secondary" size="sm" aria-label={`Refund card payment of ${formatCents(p.amountCents)} on ${day(p.date)}`} onClick={() => setPanel(`refund-payment:${p.id}`)}>
                                Refund
                              </Button>
                            )}
                            {!byProvider && (
                              <>
                                <Button variant="secondary" size="sm" aria-label={`Edit payment of ${formatCents(p.amountCents)} on ${day(p.date)}`} onClick={() => setPanel(`edit-payment:${p.id}`)}>
                                  Edit
                                </Button>
                                <Button variant="secondary" size="sm" aria-label={`Remove payment of ${formatCents(p.amountCents)} on ${day(p.date)}`} onClick={() => setPanel(`remove-payment:${p.id}`)}>
                                  Remove
                                </Button>
                              </>
                            )}
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
              {inv.creditNotes.length > 0 && (
                <p className="mt-2 text-sm">
                  Credit notes:{' '}
                  {inv.creditNotes.map((c) => (
                    <button key={c.id} type="button" className="mr-2 text-blue-700 underline" onClick={() => props.onOpen(c.id)}>
                      {c.number}
                    </button>
                  ))}
                </p>
              )}
            </section>
          )}
          {inv.notes && <p className="mt-4 whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">{inv.notes}</p>}
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer font-semibold">History</summary>
            <div className="mt-2">
              <History
                entries={audit}
                actionLabel={(a) => INVOICE_ACTIONS[a]}
                valueLabel={(field, v) => (field.endsWith('Cents') && typeof v === 'number' ? formatCents(v) : undefined)}
              />
            </div>
          </details>
        </>
      )}
    </aside>
  );
}
