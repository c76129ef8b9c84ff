import type { BillingPreview } from '#contracts/monitoring.ts';
import { Button } from '#ui/Button.tsx';
import { formatDay } from '#ui/dates.ts';
import { formatCents } from '#ui/money.ts';

const plural = (n: number) => `${n} draft invoice${n === 1 ? '' : 's'}`;

/**
 * What billing will create, shown before it does: the count, each invoice's period and amount,
 * and the total (tax included). `confirmLabel` names the action; nothing happens until it is pressed.
 */
export function BillingPreviewPanel(props: {
  preview: BillingPreview;
  intro: string;
  confirmLabel: string;
  showContract: boolean;
  busy: boolean;
  onConfirm: () => void;
  /** A second way to go ahead (activation: bill only from the current period). */
  alternative?: { label: string; onClick: () => void };
  onCancel: () => void;
}) {
  const { preview } = props;
  return (
    <section role="alertdialog" aria-labelledby="billing-preview-title" className="mt-3 grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
      <h3 id="billing-preview-title" className="font-semibold">
        {props.intro} {plural(preview.count)}, {formatCents(preview.totalCents)} in total.
      </h3>
      <div className="max-h-64 overflow-auto">
        <table className="min-w-full" aria-label="Invoices to create">
          <thead>
            <tr className="text-left">
              {props.showContract && <th className="py-1 pr-2">Contract</th>}
              <th className="py-1 pr-2">Period</th>
              <th className="py-1 text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {preview.invoices.map((i) => (
              <tr key={`${i.contractId}:${i.period}`} className="border-t border-amber-200 dark:border-amber-900">
                {props.showContract && (
                  <td className="py-1 pr-2 break-words">
                    {i.clientName} · {i.plan}
                  </td>
                )}
                <td className="py-1 pr-2">
                  {formatDay(i.billedFrom)} – {formatDay(i.billedTo)}
                </td>
                <td className="py-1 text-right tabular-nums">{formatCents(i.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button disabled={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
        {props.alternative && (
          <Button variant="secondary" disabled={props.busy} onClick={props.alternative.onClick}>
            {props.alternative.label}
          </Button>
        )}
        <Button variant="secondary" onClick={props.onCancel}>
          Not now
        </Button>
      </div>
    </section>
  );
}
