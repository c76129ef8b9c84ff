import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { JobSummaryDto } from '#contracts/jobs.ts';
import { JobPicker } from './JobPicker.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { movementFormSchema, splitSerials, toMovementRequest, type InventoryItemDto, type MovementForm as MovementFormValues } from '#contracts/inventory.ts';
import { Field } from '#ui/Field.tsx';
import { FormError } from '#ui/FormError.tsx';
import { SaveCancel } from '#ui/FormParts.tsx';
import { mayDiscard } from '#ui/unsaved-changes.ts';
import { useSaveForm } from '#ui/use-save-form.ts';
import { useRecordMovement } from './queries.ts';
import { rootNotAtField } from '#lib/form-errors.ts';

/** The picker asks what to do; lists and history say what was done (MOVEMENT_KIND_LABELS). */
const KIND_LABELS = {
  receive: 'Receive from supplier',
  use: 'Use on a job',
  reserve: 'Reserve for a proposal or job',
  release: 'Release a reservation',
  return: 'Return',
  adjust: 'Adjust (count correction)',
} as const;

type FormField = 'quantity' | 'serialsText' | 'reason' | 'jobId' | 'proposalId' | 'siteId' | 'supplier' | 'direction';
const SERVER_FIELDS: Record<string, FormField> = { quantity: 'quantity', serials: 'serialsText', reason: 'reason', jobId: 'jobId', proposalId: 'proposalId', siteId: 'siteId', supplier: 'supplier', direction: 'direction' };

export function MovementForm(props: { item: InventoryItemDto; onDone: () => void }) {
  const { item } = props;
  const form = useForm<MovementFormValues>({
    resolver: zodResolver(movementFormSchema),
    defaultValues: { kind: 'receive', quantity: '1', serialsText: '', reason: '', jobId: '', proposalId: '', siteId: '', supplier: item.supplier, fromReservation: false, direction: 'from-job' },
  });
  const { register, formState, control, setValue } = form;
  const [job, setJob] = useState<JobSummaryDto | null>(null);
  // The job is picked, never typed; its site comes with it.
  const pickJob = (j: JobSummaryDto | null) => {
    setJob(j);
    setValue('jobId', j?.id ?? '', { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue('siteId', j?.siteId ?? '', { shouldDirty: true });
  };
  const record = useRecordMovement(item.id);
  const onSubmit = useSaveForm(form, { save: (values) => record.mutateAsync(toMovementRequest(values)), serverFields: SERVER_FIELDS, onSaved: () => props.onDone() });
  const kind = useWatch({ control, name: 'kind' });
  const direction = useWatch({ control, name: 'direction' });
  const serialCount = splitSerials(useWatch({ control, name: 'serialsText' })).length;
  const errors = formState.errors;
  const id = (f: string) => `move-${item.id}-${f}`;
  const serialsNeeded = item.serialized && kind !== 'reserve' && kind !== 'release';

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Record stock movement">
      <FormError error={rootNotAtField(errors)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Movement" id={id('kind')} required>
          <select id={id('kind')} {...register('kind')}>
            {Object.entries(KIND_LABELS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field label={kind === 'adjust' ? 'Quantity (+ or −)' : 'Quantity'} id={id('quantity')} error={errors.quantity?.message} required>
          <input id={id('quantity')} inputMode="numeric" {...register('quantity')} />
        </Field>
      </div>
      {kind === 'return' && (
        <Field label="Direction" id={id('direction')} error={errors.direction?.message} required>
          <select id={id('direction')} {...register('direction')}>
            <option value="from-job">Back from a job into stock</option>
            <option value="to-supplier">Out to the supplier</option>
          </select>
        </Field>
      )}
      {item.serialized && (
        <Field label={serialsNeeded ? `Serial numbers (${serialCount} entered)` : `Serial numbers (optional, ${serialCount} entered)`} id={id('serials')} error={errors.serialsText?.message} required={serialsNeeded}>
          <textarea id={id('serials')} rows={3} placeholder="One per line, or scan them in" {...register('serialsText')} />
        </Field>
      )}
      {(kind === 'use' || kind === 'reserve' || kind === 'release' || (kind === 'return' && direction === 'from-job')) && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className={kind === 'use' || kind === 'return' ? 'sm:col-span-2' : undefined}>
            <input type="hidden" {...register('jobId')} />
            <JobPicker id={id('job')} picked={job} onPick={pickJob} error={errors.jobId?.message} required={kind === 'use'} openOnly={kind !== 'return'} />
          </div>
          {kind !== 'use' && kind !== 'return' && (
            <Field label="Proposal" id={id('proposal')} error={errors.proposalId?.message}>
              <input id={id('proposal')} placeholder="PRO-2026-0001" {...register('proposalId')} />
            </Field>
          )}
        </div>
      )}
      {kind === 'use' && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('fromReservation')} />
          Take from the units reserved for this job
        </label>
      )}
      {(kind === 'receive' || (kind === 'return' && direction === 'to-supplier')) && (
        <Field label="Supplier" id={id('supplier')} error={errors.supplier?.message}>
          <input id={id('supplier')} {...register('supplier')} />
        </Field>
      )}
      <Field label={kind === 'adjust' ? 'Reason' : 'Note (optional)'} id={id('reason')} error={errors.reason?.message} required={kind === 'adjust'}>
        <input id={id('reason')} {...register('reason')} />
      </Field>
      <SaveCancel submitting={formState.isSubmitting} submitLabel="Record movement" busyLabel="Recording…" onCancel={() => mayDiscard(formState.isDirty) && props.onDone()} />
    </form>
  );
}
