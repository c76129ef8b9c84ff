import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import type { EntryPatchInput, TimeEntryDto } from '#contracts/time.ts';
import { instantToWallTime, wallTimeToInstant } from '#domain/time/zoned-week.ts';
import { showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { Button } from '#ui/Button.tsx';
import { FormError } from '#ui/FormError.tsx';
import { mayDiscard, useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';
import { useAddEntry, useEditEntry } from './queries.ts';

const wall = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Pick a date and time.');
const formSchema = z.object({
  clockIn: wall,
  clockOut: z.union([wall, z.literal('')]),
  // A new entry needs its end; an open one may stay open.
  isNew: z.boolean(),
  breaks: z.array(z.object({ start: wall, end: z.union([wall, z.literal('')]) })),
  note: z.string().max(500, 'At most 500 characters.'),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters).').max(500, 'At most 500 characters.'),
}).refine((v) => !v.isNew || v.clockOut !== '', { path: ['clockOut'], message: 'Pick when the shift ended.' });
type FormValues = z.infer<typeof formSchema>;

/**
 * An admin's correction of one entry, or a shift added that was never clocked (`entry` null:
 * `employeeId` and `day` say whose and when), in company time. For an edit only changed fields
 * are sent; the server checks the span and breaks and keeps the reason in the entry's history.
 */
export function EntryEditForm(props: { entry: TimeEntryDto | null; employeeId: string; day: string; timeZone: string; onDone: () => void }) {
  const { entry, timeZone } = props;
  const uid = useId();
  const toWall = (iso: string | null) => (iso ? instantToWallTime(new Date(iso), timeZone) : '');
  const initial: FormValues = entry
    ? {
        clockIn: toWall(entry.clockIn),
        clockOut: toWall(entry.clockOut),
        isNew: false,
        breaks: entry.breaks.map((b) => ({ start: toWall(b.start), end: toWall(b.end) })),
        note: entry.note,
        reason: '',
      }
    : { clockIn: `${props.day}T08:00`, clockOut: `${props.day}T16:00`, isNew: true, breaks: [], note: '', reason: '' };
  const { register, control, handleSubmit, setError, formState } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: initial });
  const breaks = useFieldArray({ control, name: 'breaks' });
  const edit = useEditEntry(entry?.id ?? '');
  const add = useAddEntry(props.employeeId);
  const release = useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitSuccessful);
  const e = formState.errors;

  const submit = handleSubmit(async (v) => {
    const iso = (w: string) => wallTimeToInstant(w, timeZone).toISOString();
    if (!entry) {
      try {
        await add.mutateAsync({ reason: v.reason, clockIn: iso(v.clockIn), clockOut: iso(v.clockOut), breaks: v.breaks.map((b) => ({ start: iso(b.start), end: iso(b.end || b.start) })), note: v.note });
        release();
        props.onDone();
      } catch (err) {
        showServerErrors(err, setError, { clockIn: 'clockIn', clockOut: 'clockOut', note: 'note', reason: 'reason', breaks: 'breaks' });
      }
      return;
    }
    const body: EntryPatchInput = { reason: v.reason };
    if (v.clockIn !== initial.clockIn) body.clockIn = iso(v.clockIn);
    if (v.clockOut !== initial.clockOut && v.clockOut !== '') body.clockOut = iso(v.clockOut);
    if (JSON.stringify(v.breaks) !== JSON.stringify(initial.breaks)) body.breaks = v.breaks.map((b) => ({ start: iso(b.start), end: b.end ? iso(b.end) : null }));
    if (v.note !== initial.note) body.note = v.note;
    try {
      await edit.mutateAsync(body);
      release();
      props.onDone();
    } catch (err) {
      showServerErrors(err, setError, { clockIn: 'clockIn', clockOut: 'clockOut', note: 'note', reason: 'reason', breaks: 'breaks' });
    }
  });

  return (
    <form aria-label={entry ? `Edit entry of ${entry.date}` : 'Add a missed shift'} onSubmit={(ev) => void submit(ev)} className="grid gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700" noValidate>
      <FormError error={e.root} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Clock in" id={`${uid}-in`} error={e.clockIn?.message} required>
          <input id={`${uid}-in`} type="datetime-local" {...register('clockIn')} />
        </Field>
        <Field label="Clock out" id={`${uid}-out`} error={e.clockOut?.message}>
          <input id={`${uid}-out`} type="datetime-local" {...register('clockOut')} />
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Breaks</legend>
        {e.breaks?.message && <p className="text-sm text-red-700 dark:text-red-400">{e.breaks.message}</p>}
        {breaks.fields.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No breaks.</p>}
        {breaks.fields.map((f, i) => (
          <div key={f.id} className="flex flex-wrap items-end gap-2">
            <Field label={`Break ${i + 1} start`} id={`${uid}-b${i}s`} error={e.breaks?.[i]?.start?.message}>
              <input id={`${uid}-b${i}s`} type="datetime-local" {...register(`breaks.${i}.start`)} />
            </Field>
            <Field label={`Break ${i + 1} end`} id={`${uid}-b${i}e`} error={e.breaks?.[i]?.end?.message}>
              <input id={`${uid}-b${i}e`} type="datetime-local" {...register(`breaks.${i}.end`)} />
            </Field>
            <Button variant="ghost" aria-label={`Remove break ${i + 1}`} onClick={() => breaks.remove(i)}>
              <Trash2 aria-hidden className="h-4 w-4" />
            </Button>
          </div>
        ))}
        <div>
          <Button variant="secondary" onClick={() => breaks.append({ start: initial.clockIn, end: initial.clockIn })}>
            <Plus aria-hidden className="h-4 w-4" /> Add break
          </Button>
        </div>
      </fieldset>
      <Field label="Note" id={`${uid}-note`} error={e.note?.message}>
        <input id={`${uid}-note`} type="text" {...register('note')} />
      </Field>
      <Field label={entry ? 'Reason for the change' : 'Reason for adding it'} id={`${uid}-reason`} error={e.reason?.message} required>
        <input id={`${uid}-reason`} type="text" placeholder={entry ? 'e.g. Forgot to clock out, left at 17:00' : 'e.g. Call-out without a phone'} {...register('reason')} />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : entry ? 'Save entry' : 'Add shift'}
        </Button>
        <Button variant="secondary" onClick={() => mayDiscard(formState.isDirty) && props.onDone()}>
          Cancel
        </Button>
        {formState.isDirty && <span className="text-sm text-amber-800 dark:text-amber-300">Unsaved changes</span>}
      </div>
    </form>
  );
}
