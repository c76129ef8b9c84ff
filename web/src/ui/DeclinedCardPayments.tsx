import type { CardOnFileView } from '#contracts/card-on-file.ts';
import { recordHref } from '#contracts/record-href.ts';
import { formatDateTime } from './dates.ts';
import { formatCents } from './money.ts';

/**
 * Invoices the card on file was declined for and that are still due (docs/payments.md "Retries"):
 * the customer's hub offers to pay now or save another card; the client record tells the office
 * where auto-pay stands. Nothing shows when there are none.
 */
export function DeclinedCardPayments({ declined, audience }: { declined: CardOnFileView['declined']; audience: 'customer' | 'office' }) {
  if (declined.length === 0) return null;
  return (
    <ul role="alert" className="space-y-2">
      {declined.map((d) => {
        const when = d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : null;
        const tries = `Tried ${d.attempts} of ${d.of} ${d.of === 1 ? 'time' : 'times'}.`;
        return (
          <li key={d.invoiceId} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
            <p className="font-medium">
              {audience === 'customer' ? 'Card payment failed' : 'Auto-pay declined'}: invoice {d.invoiceNumber}, {formatCents(d.balanceCents)} due
            </p>
            <p>
              {audience === 'customer' ? d.reason : `The provider said: “${d.reason}”`} {tries}{' '}
              {when
                ? audience === 'customer'
                  ? `We will try your card again on ${when}.`
                  : `The card is tried again on ${when}.`
                : audience === 'customer'
                  ? 'We will not try your card again.'
                  : 'No more automatic tries; the client was mailed a link to pay.'}
            </p>
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {audience === 'customer' ? (
                d.payUrl && (
                  <a className="font-medium text-blue-800 underline dark:text-blue-300" href={d.payUrl}>
                    Pay {formatCents(d.balanceCents)} now
                  </a>
                )
              ) : (
                <a className="font-medium text-blue-800 underline dark:text-blue-300" href={recordHref('invoice', d.invoiceId)}>
                  Open invoice {d.invoiceNumber}
                </a>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
