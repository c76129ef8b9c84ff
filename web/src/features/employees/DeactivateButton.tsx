import { useRef } from 'react';
import type { EmployeeDto } from '#contracts/employees.ts';
import { useDeactivateEmployee } from './queries.ts';

/**
 * Deactivation asks first, in a modal dialog (the native <dialog> keeps focus inside and closes
 * on Escape). The person loses back-office access on their next request.
 */
export function DeactivateButton({ employee, onDone }: { employee: EmployeeDto; onDone: (e: EmployeeDto) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const deactivate = useDeactivateEmployee(employee.id);
  const close = () => {
    dialog.current?.close();
    trigger.current?.focus();
  };
  if (employee.employmentStatus === 'inactive') return null;
  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="rounded-md border border-red-300 px-4 py-2 font-medium text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950"
      >
        Deactivate
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="deactivate-title"
        onClose={() => trigger.current?.focus()}
        className="m-auto max-w-md rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50 dark:bg-slate-900 dark:text-slate-100"
      >
        <h3 id="deactivate-title" className="text-lg font-semibold">
          Deactivate {employee.name}?
        </h3>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          They lose access to the back office on their next request. Their record, permissions and history are kept; set the status back to
          active to restore access.
        </p>
        {deactivate.isError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {deactivate.error.message}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" autoFocus onClick={close} className="rounded-md px-4 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800">
            Keep active
          </button>
          <button
            type="button"
            disabled={deactivate.isPending}
            onClick={async () => {
              const saved = await deactivate.mutateAsync().catch(() => null);
              if (saved) {
                close();
                onDone(saved);
              }
            }}
            className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {deactivate.isPending ? 'Deactivating…' : 'Deactivate'}
          </button>
        </div>
      </dialog>
    </>
  );
}
