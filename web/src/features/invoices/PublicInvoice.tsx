import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { PaymentBody } from '#contracts/invoices.ts';
import { METHOD_LABELS } from '#contracts/invoice-labels.ts';
import { ApiRequestError } from '#lib/api.ts';
import { publicInvoiceQuery } from './queries.ts';
import { InvoiceLinesTable, SubtotalAndTaxes } from './InvoiceLinesTable.tsx';
import { CustomerInvoiceStatus } from '#ui/CustomerBadge.tsx';
import { PublicPayment } from './PublicPayment.tsx';
import { buttonStyle } from '#ui/Button.tsx';
import { LinkNoLongerValid } from '#ui/PublicLink.tsx';
import { formatCents, useMoneySettings } from '#ui/money.ts';
import { formatCalendarDay } from '#domain/shared/calendar-date.ts';
import { BackToAccount } from '#ui/BackToAccount.tsx';
import { useDocumentViewer } from '#lib/queries/portal-viewer.ts';
import { authStateOf, sessionQuery } from '../auth/session.ts';

const methodLabel = (m: string) => (Object.hasOwn(METHOD_LABELS, m) ? METHOD_LABELS[m as PaymentBody['method']] : m);

/** /i/<token>: what the client sees from the link in their e-mail; view and download the PDF, pay online (PublicPayment). */
export function PublicInvoice(props: { token: string; checkout?: string | undefined }) {
  const money = useMoneySettings();
  const q = useQuery(publicInvoiceQuery(props.token));
  const pdf = `/api/public/invoices/${encodeURIComponent(props.token)}/pdf`;
  const session = useQuery(sessionQuery);
  const viewer = useDocumentViewer('invoice', props.token, authStateOf(session.data).kind !== 'signed-out');
  if (q.isPending) return <p role="status">Loading invoice…</p>;
  if (q.isError && q.error instanceof ApiRequestError && q.error.status === 410) return <LinkNoLongerValid message={q.error.message} />;
  if (q.isError)
    return (
      <section>
        <h1 className="text-2xl font-bold">Invoice not found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {q.error instanceof ApiRequestError && q.error.status === 404 ? 'This link does not lead to an invoice. Please check the link in your e-mail, or call us.' : q.error.message}
        </p>
      </section>
    );
  const inv = q.data;
  return (
    <article className="rounded-lg border border-slate-200 p-4 sm:p-6 dark:border-slate-800" aria-label={`Invoice ${inv.number}`}>
      <BackToAccount viewer={viewer} />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-lg font-bold text-blue-900 dark:text-blue-200">{inv.company.name}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{inv.company.address}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {inv.company.phone} · {inv.company.email}
          </p>
        </div>
        <div className="sm:text-right">
          <h1 className="text-2xl font-bold">
            {inv.kind === 'credit-note' ? 'Credit note' : 'Invoice'} <span className="font-mono">{inv.number}</span>
          </h1>
          <CustomerInvoiceStatus invoice={inv} />
          <p className="mt-1 text-sm">Issued {formatCalendarDay(inv.issueDate, money.locale)}</p>
          {inv.kind === 'invoice' && <p className="text-sm">Due {formatCalendarDay(inv.dueDate, money.locale)}</p>}
        </div>
      </header>
      <div className="mt-4 text-sm">
        <h2 className="font-semibold">{inv.kind === 'credit-note' ? 'Credit to' : 'Bill to'}</h2>
        <address className="not-italic" aria-label={inv.kind === 'credit-note' ? 'Credit to' : 'Bill to'}>
          <strong>{inv.clientName}</strong>
          {inv.clientAddress.map((line, i) => (
            <span key={i} className="block">
              {line}
            </span>
          ))}
          {inv.clientEmail && <span className="block break-all">{inv.clientEmail}</span>}
        </address>
      </div>
      {inv.title && <p className="mt-4 font-semibold">{inv.title}</p>}
      <InvoiceLinesTable label="Lines" lines={inv.lines} />
      <dl className="ml-auto mt-3 grid max-w-sm grid-cols-2 gap-1 text-sm">
        <SubtotalAndTaxes subtotalCents={inv.subtotalCents} taxes={inv.taxes} />
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold tabular-nums">{formatCents(inv.totalCents)}</dd>
        {inv.payments.map((p, i) => (
          <div key={i} className="contents">
            <dt>
              {p.amountCents < 0 ? 'Refunded' : 'Paid'} {formatCalendarDay(p.date, money.locale)} ({methodLabel(p.method)})
            </dt>
            <dd className="text-right tabular-nums">{p.amountCents < 0 ? `+${formatCents(-p.amountCents)}` : `−${formatCents(p.amountCents)}`}</dd>
          </div>
        ))}
        {inv.creditedCents > 0 && (
          <>
            <dt>Credited</dt>
            <dd className="text-right tabular-nums">−{formatCents(inv.creditedCents)}</dd>
          </>
        )}
        {inv.kind === 'invoice' && (
          <>
            <dt className="font-semibold">Balance due</dt>
            <dd className="text-right font-semibold tabular-nums">{formatCents(inv.balanceCents)}</dd>
          </>
        )}
      </dl>
      {inv.kind === 'invoice' && inv.status !== 'void' && <PublicPayment token={props.token} balanceCents={inv.balanceCents} checkout={props.checkout} />}
      {inv.notes && <p className="mt-4 whitespace-pre-line text-sm">{inv.notes}</p>}
      {inv.howToPay?.kind === 'pay' && (
        <section aria-labelledby="how-to-pay" id="how-to-pay-box" className="mt-6 scroll-mt-20 rounded-md border border-blue-900 p-4 dark:border-blue-300">
          <h2 id="how-to-pay" className="font-semibold text-blue-900 dark:text-blue-200">
            {inv.howToPay.title}
          </h2>
          {inv.howToPay.lines.map((line, i) => (
            <p key={i} className="mt-1 whitespace-pre-line text-sm">
              {line}
            </p>
          ))}
        </section>
      )}
      {inv.howToPay?.kind === 'paid' && <p className="mt-6 font-semibold">{inv.howToPay.title}</p>}
      <div className="mt-6 flex flex-wrap gap-2">
        <a className={`${buttonStyle()} inline-flex items-center gap-1`} href={`${pdf}?download=1`}>
          <Download aria-hidden className="h-4 w-4" /> Download PDF
        </a>
        <a className={buttonStyle('secondary')} href={pdf} target="_blank" rel="noreferrer">
          Open PDF
        </a>
      </div>
    </article>
  );
}
