import { Button } from './Button.tsx';

/** Save and Cancel at the foot of a form (`busyLabel`, by default "Saving…", while it submits). */
export function SaveCancel(props: { submitting: boolean; submitLabel: string; busyLabel?: string; onCancel: () => void; className?: string }) {
  return (
    <div className={props.className ? `flex gap-2 ${props.className}` : 'flex gap-2'}>
      <Button type="submit" disabled={props.submitting}>
        {props.submitting ? (props.busyLabel ?? 'Saving…') : props.submitLabel}
      </Button>
      <Button variant="secondary" onClick={props.onCancel}>
        Cancel
      </Button>
    </div>
  );
}
