import type { VisionLinkField } from '#contracts/vision.ts';
import { ClientSitePicker } from '#ui/ClientSitePicker.tsx';

/**
 * Where an analysis belongs. People pick the client by name and its site, job and contract from
 * lists (ClientSitePicker); the ids themselves sit folded under "Link by id", for a record found
 * elsewhere or for staff without client access (the picker hides itself for them, and the ids open).
 */
export const LINK_LABELS: Record<VisionLinkField, string> = {
  clientId: 'Client id',
  siteId: 'Site id',
  jobId: 'Job id (e.g. JOB-0042)',
  contractId: 'Monitoring contract id',
};

export type LinkValues = Partial<Record<VisionLinkField, string>>;

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-blue-600 focus:outline-2 focus:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export function LinkFields(props: { idPrefix: string; value: LinkValues; onChange: (next: LinkValues) => void; errors?: Record<string, string[]> }) {
  const hasErrors = Object.keys(LINK_LABELS).some((f) => props.errors?.[f]?.length);
  return (
    <div className="grid gap-3">
      <ClientSitePicker value={props.value} onChange={props.onChange} />
      <details open={hasErrors || undefined} className="text-sm">
        <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Link by id</summary>
        <IdFields {...props} />
      </details>
    </div>
  );
}

function IdFields(props: { idPrefix: string; value: LinkValues; onChange: (next: LinkValues) => void; errors?: Record<string, string[]> }) {
  return (
    <div className="mt-2 grid gap-3 sm:grid-cols-2">
      {(Object.keys(LINK_LABELS) as VisionLinkField[]).map((field) => {
        const id = `${props.idPrefix}-${field}`;
        const error = props.errors?.[field]?.join(' ');
        return (
          <div key={field}>
            <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              {LINK_LABELS[field]}
            </label>
            <input
              id={id}
              className={inputClass}
              maxLength={100}
              value={props.value[field] ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => props.onChange({ ...props.value, [field]: e.target.value })}
            />
            {error && (
              <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
