import { useState } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { inputClass } from '#ui/styles.ts';
import { SubtotalAndTaxes } from './InvoiceLinesTable.tsx';
import { Button } from '#ui/Button.tsx';
import type { LineInput } from '#contracts/invoices.ts';
import { bpToPercent, centsToDecimal, linesTotals } from '#domain/shared/money.ts';
import { formatCents, parseAmount, toBp, toCents, useCurrencySymbol } from '#ui/money.ts';
import { percentField } from '#contracts/form-fields.ts';
import { LIMITS } from '#domain/invoices/invoice.ts';
import { stacked, stackedCell } from '#ui/stacked-table.ts';

const LINE_LABELS = { quantity: () => 'Qty', unitPrice: (symbol: string) => `Unit price (${symbol})`, taxRate: () => 'Tax (%)' } as const;

/** Lines as typed: quantity, price in dollars and tax in percent, all text until submitted. */
export const lineFormSchema = z.object({
  description: z.string().trim().min(1, 'Describe the line.').max(500, 'At most 500 characters.'),
  quantity: z.string().refine((s) => Number(s) > 0 && Number(s) <= 100_000 && /^\d+(\.\d{1,3})?$/.test(s.trim()), 'Above 0, at most three decimals.'),
  unitPrice: z.string().superRefine((s, ctx) => {
    const parsed = parseAmount(s, { allowNegative: true });
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error === 'Enter an amount.' ? 'Enter a price such as 49.99.' : parsed.error });
    else if (Math.abs(parsed.cents) > LIMITS.unitPriceCents) ctx.addIssue({ code: 'custom', message: `At most ${formatCents(LIMITS.unitPriceCents)} a unit.` });
  }),
  taxRate: percentField('Tax'),
  itemId: z.string().nullable(),
});
export type LineForm = z.infer<typeof lineFormSchema>;
export interface WithLines {
  lines: LineForm[];
}

/** The company has no tax-rate setting: a new line starts untaxed and the rate is typed where it applies. */
export const DEFAULT_TAX_RATE = '0';
export const blankLine = (taxRate = DEFAULT_TAX_RATE): LineForm => ({ description: '', quantity: '1', unitPrice: '', taxRate, itemId: null });
export const toLineForm = (l: LineInput): LineForm => ({
  description: l.description,
  quantity: String(l.quantity),
  unitPrice: centsToDecimal(l.unitPriceCents),
  taxRate: bpToPercent(l.taxRateBp),
  itemId: l.itemId ?? null,
});
export const toLineInput = (l: LineForm): LineInput => ({ description: l.description.trim(), quantity: Number(l.quantity), unitPriceCents: toCents(l.unitPrice, { allowNegative: true }), taxRateBp: toBp(l.taxRate), itemId: l.itemId });

/** Server field names for lines (`lines.0.unitPriceCents`) mapped to the form's. */
export function lineServerFields(count: number): Record<string, string> {
  // `lines` (e.g. "cannot total less than zero") has no field of its own: it stays the top message.
  const out: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    out[`lines.${i}.description`] = `lines.${i}.description`;
    out[`lines.${i}.quantity`] = `lines.${i}.quantity`;
    out[`lines.${i}.unitPriceCents`] = `lines.${i}.unitPrice`;
    out[`lines.${i}.taxRateBp`] = `lines.${i}.taxRate`;
  }
  return out;
}

type PricedParts = { quantity: number; unitPriceCents: number; taxRateBp: number };
const cellValid = { quantity: lineFormSchema.shape.quantity, unitPrice: lineFormSchema.shape.unitPrice, taxRate: lineFormSchema.shape.taxRate };

/**
 * A line as the live totals count it while it is being typed: each cell on its own, so one bad
 * cell (a tax rate "6.2x") does not zero the whole line and the totals. A cell that does not
 * parse counts as its last valid value on that line (`last`, which the
 * editor keeps per row), or 0 for just that part; its message shows at the cell.
 */
export function livePricedLine(l: LineForm, last: Partial<PricedParts> | undefined): PricedParts {
  return {
    quantity: cellValid.quantity.safeParse(l.quantity).success ? Number(l.quantity) : (last?.quantity ?? 0),
    unitPriceCents: cellValid.unitPrice.safeParse(l.unitPrice).success ? toCents(l.unitPrice, { allowNegative: true }) : (last?.unitPriceCents ?? 0),
    taxRateBp: cellValid.taxRate.safeParse(l.taxRate).success ? toBp(l.taxRate) : (last?.taxRateBp ?? 0),
  };
}

/** The line table with live totals (the server's per-line rounding: linesTotals in the money module). */
export function LinesEditor(props: {
  control: Control<WithLines>;
  register: UseFormRegister<WithLines>;
  errors: FieldErrors<WithLines> | undefined;
  idPrefix: string;
  sign?: 1 | -1;
  /** The rate an added line starts with (percent); never the last line's, which silently taxed labour like parts. */
  newLineTaxRate?: string;
}) {
  const symbol = useCurrencySymbol();
  const { fields, append, remove } = useFieldArray({ control: props.control, name: 'lines' });
  const lines = useWatch({ control: props.control, name: 'lines' }) ?? [];
  const sign = props.sign ?? 1;
  // Each row's last valid cells, by row id: what an invalid cell counts as until it is fixed.
  const [lastValid] = useState(() => new Map<string, PricedParts>());
  const priced = lines.map((l, i) => {
    const key = fields[i]?.id ?? String(i);
    const p = livePricedLine(l, lastValid.get(key));
    lastValid.set(key, p);
    return { ...p, unitPriceCents: sign * p.unitPriceCents || 0 }; // never -0 ("-$0.00")
  });
  const totals = linesTotals(priced);
  // A number cell typed wrong says so at once (the totals leave it out meanwhile); the rest after Save, as every form.
  const typedWrong = (i: number, k: keyof LineForm): string | undefined => {
    const value = lines[i]?.[k];
    if (k === 'description' || k === 'itemId' || typeof value !== 'string' || value.trim() === '') return undefined;
    return cellValid[k].safeParse(value).error?.issues[0]?.message;
  };
  const err = (i: number, k: keyof LineForm) => props.errors?.lines?.[i]?.[k]?.message ?? typedWrong(i, k);
  const cell = 'px-2 py-1 align-top';

  return (
    <div>
      <div className="overflow-x-auto">
        <table className={stacked.table} aria-label="Lines">
          <thead className={stacked.head}>
            <tr className="text-left">
              <th className={cell}>Description</th>
              <th className={cell}>Qty</th>
              <th className={cell}>Unit price ({symbol})</th>
              <th className={cell}>Tax (%)</th>
              <th className={`${cell} text-right`}>Amount</th>
              <th className={cell}>
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody className={`${stacked.body} max-sm:divide-y max-sm:divide-slate-200 dark:max-sm:divide-slate-800`}>
            {fields.map((f, i) => (
              <tr key={f.id} className="max-sm:block max-sm:py-2">
                {(['description', 'quantity', 'unitPrice', 'taxRate'] as const).map((k) => (
                  <td key={k} {...stackedCell(k === 'description' ? undefined : LINE_LABELS[k](symbol), cell)}>
                    {/* One box for the input and its message: on a phone the message goes under the input, not beside it. */}
                    <div>
                      <input
                        id={`${props.idPrefix}-${i}-${k}`}
                        aria-label={`Line ${i + 1} ${k === 'unitPrice' ? 'unit price' : k === 'taxRate' ? 'tax rate' : k}`}
                        className={`${inputClass} ${k === 'description' ? 'w-64 max-sm:w-full' : 'w-24'}`}
                        inputMode={k === 'description' ? undefined : 'decimal'}
                        aria-invalid={err(i, k) ? true : undefined}
                        {...props.register(`lines.${i}.${k}`)}
                      />
                      {err(i, k) && <p className="mt-1 text-xs text-red-700 dark:text-red-400">{err(i, k)}</p>}
                    </div>
                  </td>
                ))}
                <td {...stackedCell('Amount', `${cell} text-right tabular-nums`)}>{formatCents(totals.lines[i]?.netCents ?? 0)}</td>
                <td {...stackedCell(undefined, `${cell} max-sm:text-right`)}>
                  <button type="button" className="p-2 text-slate-500 hover:text-red-700" aria-label={`Remove line ${i + 1}`} onClick={() => remove(i)} disabled={fields.length === 1}>
                    <Trash2 aria-hidden className="h-4 w-4" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button variant="secondary" className="mt-2" onClick={() => append(blankLine(props.newLineTaxRate ?? DEFAULT_TAX_RATE))}>
        <Plus aria-hidden className="h-4 w-4" /> Add line
      </Button>
      <dl className="ml-auto mt-4 grid max-w-sm grid-cols-2 gap-1 text-sm" aria-label="Totals" data-testid="live-totals">
        <SubtotalAndTaxes subtotalCents={totals.subtotalCents} taxes={totals.taxes} showTaxable />
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="total">
          {formatCents(totals.totalCents)}
        </dd>
      </dl>
    </div>
  );
}
