import { useEffect, useRef } from 'react';

/** A modal yes/no question on the native <dialog> (focus trap, Escape to cancel). */
export function ConfirmDialog(props: { open: boolean; title: string; message: string; confirmLabel: string; onConfirm: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-title"
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
      className="rounded-lg p-6 shadow-xl backdrop:bg-black/40 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id="confirm-title" className="text-lg font-semibold">
        {props.title}
      </h2>
      <p className="mt-2">{props.message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="rounded-md border border-slate-300 px-4 py-2 dark:border-slate-600" onClick={props.onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
