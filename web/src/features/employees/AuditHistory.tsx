import { useQuery } from '@tanstack/react-query';
import { History } from '#ui/History.tsx';
import { employeeAuditQuery } from './queries.ts';
import { fieldLabel, valueLabel } from './labels.ts';

const ACTIONS: Record<string, string> = { create: 'Created', update: 'Updated', deactivate: 'Deactivated' };

/** Who changed what and when, newest first. */
export function AuditHistory({ employeeId }: { employeeId: string }) {
  const { data, isPending, isError } = useQuery(employeeAuditQuery(employeeId));
  return (
    <section aria-labelledby="audit-heading" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h3 id="audit-heading" className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
        History
      </h3>
      <History
        entries={data?.entries}
        loading={isPending}
        error={isError ? 'The history could not be loaded.' : null}
        label="Change history"
        actionLabel={(a) => ACTIONS[a]}
        fieldLabel={fieldLabel}
        valueLabel={valueLabel}
      />
    </section>
  );
}
