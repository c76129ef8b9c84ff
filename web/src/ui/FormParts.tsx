import { buttonClass, secondaryButtonClass } from './styles.ts';

/** The form's own error (not tied to a field) at the top of the form. */
export function FormError(props: { error: { message?: string | undefined } | undefined }) {
  if (!props.error) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {props.error.message}
    </p>
  );
}

/** Save and Cancel at the foot of a form (`busyLabel`, by default "Saving…", while it submits). */
export function SaveCancel(props: { submitting: boolean; submitLabel: string; busyLabel?: string; onCancel: () => void; className?: string }) {
  return (
    <div className={props.className ? `flex gap-2 ${props.className}` : 'flex gap-2'}>
      <button type="submit" className={buttonClass} disabled={props.submitting}>
        {props.submitting ? (props.busyLabel ?? 'Saving…') : props.submitLabel}
      </button>
      <button type="button" className={secondaryButtonClass} onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}
