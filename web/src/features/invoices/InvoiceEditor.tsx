import { useState } from 'react';
import { useForm, type Control, type FieldErrors, type Path, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PAYMENT_TERMS, TERMS_LABELS, type InvoiceDto } from '#contracts/invoices.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { issueDateProblem } from '#domain/invoices/invoice.ts';
import type { MoneySettings } from '#domain/shared/money.ts';
import { useMoneySettings } from '#ui/money.ts';
import { Field } from '#ui/Field.tsx';
import { SaveCancel } from '#ui/FormParts.tsx';
import { inputClass } from '#ui/styles.ts';
import { mayDiscard, useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';
import { blankLine, lineFormSchema, lineServerFields, LinesEditor, toLineForm, toLineInput, type WithLines } from './LinesEditor.tsx';
import { clientPickerQuery, useUpdateDraft } from './queries.ts';
import { useCreateInvoice } from '#lib/queries/invoices.ts';
import { todayIso } from '#ui/dates.ts';
import { Options } from '#ui/Options.tsx';
import { FormError } from '#ui/FormError.tsx';

/** The form's rules, the issue date with the domain's window (the server's rule and message). */
const formSchemaFor = (money: MoneySettings) =>
  z.object({
  clientId: z.string().min(1, 'Pick a client.'),
  title: z.string().max(200, 'At most 200 characters.'),
  notes: z.string().max(4000, 'At most 4000 characters.'),
  terms: z.enum(PAYMENT_TERMS),
  issueDate: z.string().superRefine((value, ctx) => {
    const problem = issueDateProblem(value, { today: todayIso(), money });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  lines: z.array(lineFormSchema).min(1, 'Add at least one line.'),
});
type FormValues = z.infer<ReturnType<typeof formSchemaFor>>;

const defaults = (inv: InvoiceDto | null): FormValues =>
  inv
    ? { clientId: inv.clientId, title: inv.title, notes: inv.notes, terms: inv.terms, issueDate: inv.issueDate, lines: inv.lines.map(toLineForm) }
    : { clientId: '', title: '', notes: '', terms: 'net30', issueDate: todayIso(), lines: [blankLine()] };

/** A new invoice or a draft's changes: client, terms, dates, lines with live totals. */
export function InvoiceEditor(props: { invoice: InvoiceDto | null; onDone: (saved: InvoiceDto | null) => void }) {
  const money = useMoneySettings();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchemaFor(money)), defaultValues: defaults(props.invoice) });
  const { register, handleSubmit, setError, formState, control } = form;
  const create = useCreateInvoice();
  const update = useUpdateDraft(props.invoice?.id ?? '');
  const release = useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitSuccessful);
  const [clientText, setClientText] = useState('');
  const clients = useQuery({ ...clientPickerQuery(clientText), enabled: props.invoice === null });
  const errors = formState.errors;
  const idp = props.invoice ? `inv-${props.invoice.id}` : 'inv-new';

  const onSubmit = handleSubmit(async (v) => {
    const body = { title: v.title, notes: v.notes, terms: v.terms, issueDate: v.issueDate, lines: v.lines.map(toLineInput) };
    try {
      const saved = props.invoice ? await update.mutateAsync(body) : await create.mutateAsync({ ...body, clientId: v.clientId });
      release();
      props.onDone(saved);
    } catch (err) {
      showServerErrors(err, setError, { clientId: 'clientId', title: 'title', notes: 'notes', terms: 'terms', issueDate: 'issueDate', ...lineServerFields(v.lines.length) } as Record<string, Path<FormValues>>);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={props.invoice ? `Edit ${props.invoice.number}` : 'New invoice'}>
      <FormError error={rootNotAtField(errors)} />
      <div className="grid gap-4 md:grid-cols-2">
        {props.invoice ? (
          <p className="text-sm">
            <span className="font-medium">Client</span>
            <br />
            {props.invoice.clientName}
          </p>
        ) : (
          <div>
            <label className="flex flex-col text-sm">
              <span className="font-medium">Find a client</span>
              <input className={inputClass} type="search" value={clientText} onChange={(e) => setClientText(e.target.value)} placeholder="Name, e-mail, phone" />
            </label>
            <Field label="Client" id={`${idp}-client`} error={errors.clientId?.message} required>
              <select id={`${idp}-client`} {...register('clientId')}>
                <option value="">{clients.isPending ? 'Loading clients…' : 'Pick a client'}</option>
                {clients.data?.items.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                    {c.company ? ` (${c.company})` : ''}
                    {c.email ? ` — ${c.email}` : ''}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        )}
        <Field label="Title" id={`${idp}-title`} error={errors.title?.message}>
          <input id={`${idp}-title`} {...register('title')} />
        </Field>
        <Field label="Issue date" id={`${idp}-issue`} error={errors.issueDate?.message} required>
          <input id={`${idp}-issue`} type="date" {...register('issueDate')} />
        </Field>
        <Field label="Terms" id={`${idp}-terms`} error={errors.terms?.message} required>
          <select id={`${idp}-terms`} {...register('terms')}>
            <Options values={PAYMENT_TERMS} labels={TERMS_LABELS} />
          </select>
        </Field>
      </div>
      <LinesEditor
        control={control as unknown as Control<WithLines>}
        register={register as unknown as UseFormRegister<WithLines>}
        errors={errors as FieldErrors<WithLines>}
        idPrefix={idp}
      />
      <Field label="Notes (printed on the invoice)" id={`${idp}-notes`} error={errors.notes?.message}>
        <textarea id={`${idp}-notes`} rows={3} {...register('notes')} />
      </Field>
      <SaveCancel
        submitting={formState.isSubmitting}
        submitLabel={props.invoice ? 'Save draft' : 'Create draft'}
        onCancel={() => {
          if (mayDiscard(formState.isDirty)) {
            release();
            props.onDone(null);
          }
        }}
      />
    </form>
  );
}
