import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { movementFormSchema, splitSerials, toMovementRequest, type InventoryItemDto, type MovementForm as MovementFormValues } from '../../../../src/contracts/inventory.ts';
import { showServerErrors } from '../../lib/form-errors.ts';
import { Field } from '../../ui/Field.tsx';
import { useRecordMovement } from './queries.ts';
import { mayDiscard, useUnsavedChangesWarning } from '../ui/unsaved-changes.ts';
import { buttonClass, secondaryButtonClass } from '../ui/styles.ts';

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
  const { register, handleSubmit, setError, formState, control } = form;
  const record = useRecordMovement(item.id);
  const release = useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitSuccessful);
  const kind = useWatch({ control, name: 'kind' });
  const direction = useWatch({ control, name: 'direction' });
  const serialCount = splitSerials(useWatch({ control, name: 'serialsText' })).length;
  const errors = formState.errors;
  const id = (f: string) => `move-${item.id}-${f}`;
  const serialsNeeded = item.serialized && kind !== 'reserve' && kind !== 'release';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await record.mutateAsync(toMovementRequest(values));
      release();
      props.onDone();
    } catch (err) {
      showServerErrors(err, setError, SERVER_FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Record stock movement">
      {errors.root && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {errors.root.message}
        </p>
      )}
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
          <Field label="Job" id={id('job')} error={errors.jobId?.message} required={kind === 'use'}>
            <input id={id('job')} placeholder="JOB-0042" {...register('jobId')} />
          </Field>
          {kind === 'use' ? (
            <Field label="Site" id={id('site')} error={errors.siteId?.message}>
              <input id={id('site')} {...register('siteId')} />
            </Field>
          ) : kind !== 'return' ? (
            <Field label="Proposal" id={id('proposal')} error={errors.proposalId?.message}>
              <input id={id('proposal')} placeholder="PRO-2026-0001" {...register('proposalId')} />
            </Field>
          ) : null}
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
      <div className="flex gap-2">
        <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Recording…' : 'Record movement'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => mayDiscard(formState.isDirty) && props.onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
