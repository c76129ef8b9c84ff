import { useQuery } from '@tanstack/react-query';
import { employeeAuditQuery } from './queries.ts';
import { fieldLabel, valueLabel } from './labels.ts';

const ACTIONS: Record<string, string> = { create: 'Created', update: 'Updated', deactivate: 'Deactivated' };
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Who changed what and when, newest first. */
export function AuditHistory({ employeeId }: { employeeId: string }) {
  const { data, isPending, isError } = useQuery(employeeAuditQuery(employeeId));
  return (
    <section aria-labelledby="audit-heading" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h3 id="audit-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        History
      </h3>
      {isPending && <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading history…</p>}
      {isError && <p role="alert" className="mt-2 text-sm text-red-700">The history could not be loaded.</p>}
      {data && data.entries.length === 0 && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No changes recorded yet.</p>}
      {data && data.entries.length > 0 && (
        <ol className="mt-3 grid gap-3" aria-label="Change history">
          {data.entries.map((e) => (
            <li key={e.id} className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-900">
              <p className="font-medium text-slate-900 dark:text-slate-100">
                {ACTIONS[e.action] ?? e.action} by {e.actorName} · <time dateTime={e.at}>{when.format(new Date(e.at))}</time>
              </p>
              <ul className="mt-1 text-slate-700 dark:text-slate-300">
                {e.changes.map((c) => (
                  <li key={c.field}>
                    {fieldLabel(c.field)}: {valueLabel(c.field, c.from)} → {valueLabel(c.field, c.to)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
