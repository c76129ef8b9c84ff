import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm, useWatch, type Control, type UseFormRegister, type UseFormSetValue, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import {
  OPTION_TIERS,
  TIER_LABELS,
  emptyLine,
  proposalFormSchemaFor,
  toProposalForm,
  toProposalRequest,
  type ProposalDto,
  type ProposalForm } from '#contracts/proposals.ts';
import { optionTotals } from '#domain/proposals/proposal-totals.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { ClientSitePicker } from '#ui/ClientSitePicker.tsx';
import { itemsQuery } from '#lib/queries/inventory.ts';
import { mayDiscard, useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';
import { SaveCancel } from '#ui/FormParts.tsx';
import { inputClass } from '#ui/styles.ts';
import { useSaveProposal } from './queries.ts';
import { Button } from '#ui/Button.tsx';
import { FormError } from '#ui/FormError.tsx';
import { formatCents, toBp, toCents, useCurrencySymbol, useMoneySettings } from '#ui/money.ts';
import { centsToDecimal, type MoneySettings } from '#domain/shared/money.ts';
import { addDays, datePlausibility } from '#domain/shared/calendar-date.ts';
import { VALID_UNTIL_WINDOW } from '#domain/proposals/proposal.ts';
import { z } from 'zod';
import { todayIso } from '#ui/dates.ts';

const cellInput = `${inputClass} w-full`;
const newId = () => `opt-${Math.random().toString(36).slice(2, 10)}`;
const inDays = (days: number) => addDays(todayIso(), days);

const finite = (n: number): number => (Number.isFinite(n) ? n : 0);

/** Live totals from the same rounding rules the server, the PDF and the client page use. */
function useLiveTotals(control: Control<ProposalForm>, index: number) {
  const option = useWatch({ control, name: `options.${index}` });
  const deposit = useWatch({ control, name: 'depositPercent' });
  const lines = (option?.lines ?? []).map((l) => ({ quantity: finite(Number(l.quantity)), unitPriceCents: finite(toCents(l.unitPrice)), taxRateBp: finite(toBp(l.taxRate)) }));
  return optionTotals(lines, finite(toCents(option?.discount ?? '')), Math.min(100, Math.max(0, Math.trunc(Number(String(deposit ?? '').replace('%', '').trim()) || 0))));
}

function OptionColumn(props: {
  index: number;
  control: Control<ProposalForm>;
  register: UseFormRegister<ProposalForm>;
  setValue: UseFormSetValue<ProposalForm>;
  errors: FieldErrors<ProposalForm>;
  onRemove: (() => void) | null;
}) {
  const symbol = useCurrencySymbol();
  const { index, control, register } = props;
  const lines = useFieldArray({ control, name: `options.${index}.lines` });
  const totals = useLiveTotals(control, index);
  const kinds = useWatch({ control, name: `options.${index}.lines` });
  const items = useQuery({ ...itemsQuery({ search: '', category: undefined, lowStock: false, sort: 'name', dir: 'asc', cursor: null, limit: 100 }), retry: false });
  const err = props.errors.options?.[index];
  const p = `opt${index}`;

  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-800" aria-label={`Option ${index + 1}`}>
      <legend className="px-1 text-sm font-semibold">Option {index + 1}</legend>
      <div className="grid gap-2">
        <Field label="Tier" id={`${p}-tier`} error={err?.tier?.message}>
          <select id={`${p}-tier`} {...register(`options.${index}.tier`)}>
            {OPTION_TIERS.map((t) => (
              <option key={t} value={t}>
                {TIER_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Option name" id={`${p}-name`} error={err?.name?.message} required>
          <input id={`${p}-name`} {...register(`options.${index}.name`)} />
        </Field>
        <Field label="Option description" id={`${p}-desc`} error={err?.description?.message}>
          <textarea id={`${p}-desc`} rows={2} {...register(`options.${index}.description`)} />
        </Field>
      </div>
      <ul className="mt-3 grid gap-3" aria-label={`Lines of option ${index + 1}`}>
        {lines.fields.map((f, j) => {
          const le = err?.lines?.[j];
          const kind = kinds?.[j]?.kind ?? 'labour';
          const lp = `${p}-l${j}`;
          return (
            <li key={f.id} className="rounded-md bg-slate-50 p-2 dark:bg-slate-900">
              <div className="flex items-center gap-2">
                <select aria-label="Line kind" className={inputClass} {...register(`options.${index}.lines.${j}.kind`)}>
                  <option value="labour">Labour</option>
                  <option value="item">Inventory item</option>
                </select>
                <Button variant="secondary" aria-label={`Remove line ${j + 1}`} disabled={lines.fields.length === 1} onClick={() => lines.remove(j)}>
                  <Trash2 aria-hidden className="h-4 w-4" />
                </Button>
              </div>
              {kind === 'item' && (
                <label className="mt-2 block text-sm">
                  <span className="font-medium">Item</span>
                  {items.isError ? (
                    <span className="block text-amber-800">The inventory is not available to you; use labour lines.</span>
                  ) : (
                    <select
                      className={cellInput}
                      {...register(`options.${index}.lines.${j}.itemId`, {
                        onChange: (e: { target: { value: string } }) => {
                          const item = items.data?.items.find((i) => i.id === e.target.value);
                          if (!item) return;
                          props.setValue(`options.${index}.lines.${j}.description`, item.name, { shouldDirty: true });
                          props.setValue(`options.${index}.lines.${j}.unitPrice`, centsToDecimal(item.unitPriceCents), { shouldDirty: true });
                        },
                      })}
                    >
                      <option value="">Pick an item…</option>
                      {items.data?.items.map((i) => (
                        <option key={i.id} value={i.id}>
                          {i.sku} · {i.name} ({i.available} available)
                        </option>
                      ))}
                    </select>
                  )}
                </label>
              )}
              <label className="mt-2 block text-sm">
                <span className="font-medium">Line description</span>
                <input id={`${lp}-desc`} className={cellInput} {...register(`options.${index}.lines.${j}.description`)} aria-invalid={le?.description ? true : undefined} />
                {le?.description && <span className="text-xs text-red-700">{le.description.message}</span>}
              </label>
              <div className="mt-2 grid grid-cols-3 gap-2 text-sm">
                <label>
                  <span className="font-medium">Qty</span>
                  <input className={cellInput} inputMode="decimal" {...register(`options.${index}.lines.${j}.quantity`)} aria-invalid={le?.quantity ? true : undefined} />
                  {le?.quantity && <span className="text-xs text-red-700">{le.quantity.message}</span>}
                </label>
                <label>
                  <span className="font-medium">Unit {symbol}</span>
                  <input className={cellInput} inputMode="decimal" {...register(`options.${index}.lines.${j}.unitPrice`)} aria-invalid={le?.unitPrice ? true : undefined} />
                  {le?.unitPrice && <span className="text-xs text-red-700">{le.unitPrice.message}</span>}
                </label>
                <label>
                  <span className="font-medium">Tax %</span>
                  <input className={cellInput} inputMode="decimal" {...register(`options.${index}.lines.${j}.taxRate`)} aria-invalid={le?.taxRate ? true : undefined} />
                  {le?.taxRate && <span className="text-xs text-red-700">{le.taxRate.message}</span>}
                </label>
              </div>
              <p className="mt-1 text-right text-xs tabular-nums text-slate-600 dark:text-slate-400">{formatCents(totals.lines[j]?.netCents ?? 0)}</p>
            </li>
          );
        })}
      </ul>
      <div className="mt-2 flex gap-2">
        <Button variant="secondary" onClick={() => lines.append(emptyLine('labour'))}>
          + Labour
        </Button>
        <Button variant="secondary" onClick={() => lines.append(emptyLine('item'))}>
          + Item
        </Button>
      </div>
      <div className="mt-3">
        <Field label={`Discount (${symbol}, before tax)`} id={`${p}-discount`} error={err?.discount?.message}>
          <input id={`${p}-discount`} inputMode="decimal" {...register(`options.${index}.discount`)} />
        </Field>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-2 text-sm tabular-nums" aria-label={`Totals of option ${index + 1}`}>
        <dt>Subtotal</dt>
        <dd className="text-right">{formatCents(totals.subtotalCents)}</dd>
        <dt>Discount</dt>
        <dd className="text-right">−{formatCents(totals.discountCents)}</dd>
        <dt>Tax</dt>
        <dd className="text-right">{formatCents(totals.taxCents)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold" data-testid={`total-${index}`}>
          {formatCents(totals.totalCents)}
        </dd>
        <dt>Deposit</dt>
        <dd className="text-right">{formatCents(totals.depositCents)}</dd>
      </dl>
      {props.onRemove && (
        <Button variant="secondary" className="mt-3" onClick={props.onRemove}>
          Remove option
        </Button>
      )}
    </fieldset>
  );
}

/** Server field paths (options.1.lines.0.unitPriceCents) mapped to the form's (…unitPrice). */
function serverFields(err: unknown): Record<string, string> {
  const map: Record<string, string> = {};
  const fields = (err as { fields?: Record<string, string[]> }).fields ?? {};
  for (const k of Object.keys(fields)) {
    map[k] = k.replace(/unitPriceCents$/, 'unitPrice').replace(/taxRateBp$/, 'taxRate').replace(/discountCents$/, 'discount');
  }
  return map;
}

/** The contract's form schema with the domain's valid-until window (the server's rule and message). */
const editorSchema = (money: MoneySettings) =>
  proposalFormSchemaFor(money).extend({
    validUntil: z.string().superRefine((s, ctx) => {
      const problem = datePlausibility('Valid until', s, todayIso(), VALID_UNTIL_WINDOW, money.locale);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });

/** New proposal or a draft's editor: up to three option columns side by side. */
export function ProposalEditor(props: { proposal: ProposalDto | null; onDone: (saved: ProposalDto | null) => void }) {
  const money = useMoneySettings();
  const form = useForm<ProposalForm>({ resolver: zodResolver(editorSchema(money)), defaultValues: toProposalForm(props.proposal, { validUntil: inDays(30), optionId: newId() }) });
  const { register, handleSubmit, setError, formState, control, setValue } = form;
  const options = useFieldArray({ control, name: 'options' });
  const save = useSaveProposal(props.proposal?.id ?? null);
  const release = useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitSuccessful);
  const clientId = useWatch({ control, name: 'clientId' });
  const siteId = useWatch({ control, name: 'siteId' });
  const pickerValue = useMemo(() => ({ clientId, siteId }), [clientId, siteId]);
  const onPick = useCallback(
    (next: { clientId?: string; siteId?: string }) => {
      setValue('clientId', next.clientId ?? '', { shouldDirty: true });
      setValue('siteId', next.siteId ?? '', { shouldDirty: true, shouldValidate: Boolean(next.siteId) });
    },
    [setValue],
  );
  const errors = formState.errors;
  const usedTiers = new Set((useWatch({ control, name: 'options' }) ?? []).map((o) => o.tier));

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toProposalRequest(values, money));
      release();
      props.onDone(saved);
    } catch (err) {
      showServerErrors(err, setError, serverFields(err) as never);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={props.proposal ? `Edit ${props.proposal.number}` : 'New proposal'}>
      <FormError error={rootNotAtField(errors)} className="mb-3" />
      <div className="grid gap-3">
        <ClientSitePicker
          value={pickerValue}
          onChange={onPick}
          fields={['siteId']}
          siteRequired
          errors={{ clientId: errors.clientId?.message, siteId: errors.siteId?.message }}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Title" id="proposal-title" error={errors.title?.message}>
            <input id="proposal-title" {...register('title')} />
          </Field>
          <Field label="Deposit %" id="proposal-deposit" error={errors.depositPercent?.message} required>
            <input id="proposal-deposit" inputMode="numeric" {...register('depositPercent')} />
          </Field>
          <Field label="Valid until" id="proposal-valid" error={errors.validUntil?.message} required>
            <input id="proposal-valid" type="date" {...register('validUntil')} />
          </Field>
        </div>
      </div>
      <div className={`mt-4 grid gap-3 ${options.fields.length === 1 ? '' : options.fields.length === 2 ? 'lg:grid-cols-2' : 'lg:grid-cols-3'}`}>
        {options.fields.map((f, i) => (
          <OptionColumn key={f.id} index={i} control={control} register={register} setValue={setValue} errors={errors} onRemove={options.fields.length > 1 ? () => options.remove(i) : null} />
        ))}
      </div>
      {errors.options?.message && <p className="mt-2 text-sm text-red-700">{errors.options.message}</p>}
      {options.fields.length < 3 && (
        <Button
 variant="secondary" className="mt-3"
          onClick={() => options.append({ id: newId(), tier: OPTION_TIERS.find((t) => !usedTiers.has(t)) ?? 'best', name: '', description: '', discount: '0.00', lines: [emptyLine()] })}
        >
          <Plus aria-hidden className="h-4 w-4" /> Add option
        </Button>
      )}
      <div className="mt-4">
        <Field label="Terms" id="proposal-terms" error={errors.terms?.message}>
          <textarea id="proposal-terms" rows={4} {...register('terms')} />
        </Field>
      </div>
      <SaveCancel className="mt-4" submitting={formState.isSubmitting} submitLabel="Save draft" onCancel={() => mayDiscard(formState.isDirty) && props.onDone(null)} />
    </form>
  );
}
