import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { VisionLinkField } from '#contracts/vision.ts';
import { clientListQuery, clientQuery, clientRelatedQuery } from '#lib/queries/clients.ts';

type LinkValues = Partial<Record<VisionLinkField, string>>;

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-blue-600 focus:outline-2 focus:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

const recordLabel = (r: { number: string | null; title: string | null; id: string }) => [r.number, r.title].filter(Boolean).join(' · ') || r.id;

type PickerField = Exclude<VisionLinkField, 'clientId'>;

/**
 * Finds a client by name, phone or e-mail, then picks one of its sites, jobs and monitoring
 * contracts by name, writing the clientId/siteId/jobId/contractId the links hold: nobody types an
 * id. Staff without client access (the list answers 403) see nothing here.
 *
 * `fields` limits the pickers shown (a proposal is for a site; it has no job or contract yet).
 * `siteRequired`: the site list asks "Choose a site…" instead of offering "No particular site",
 * and a client with one site gets it picked. `errors` shows a message under its own picker.
 */
export function ClientSitePicker(props: {
  value: LinkValues;
  onChange: (next: LinkValues) => void;
  fields?: readonly PickerField[];
  siteRequired?: boolean;
  errors?: Partial<Record<'clientId' | PickerField, string | undefined>>;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const search = q.trim();
  const list = useQuery({ ...clientListQuery({ q: search, limit: 8 }), enabled: search.length >= 2 });
  const picked = props.value.clientId ?? '';
  const client = useQuery({ ...clientQuery(picked), enabled: picked !== '', retry: false });
  const related = useQuery({ ...clientRelatedQuery(picked), enabled: picked !== '', retry: false });
  const onlySite = props.siteRequired && client.data?.sites.length === 1 ? client.data.sites[0]!.id : null;
  const { value, onChange } = props;
  useEffect(() => {
    if (onlySite && !value.siteId) onChange({ ...value, siteId: onlySite });
  }, [onlySite, value, onChange]);
  if (list.error && 'status' in list.error && (list.error as { status: number }).status === 403) return null;
  const shown = new Set<PickerField>(props.fields ?? ['siteId', 'jobId', 'contractId']);
  const fieldError = (field: 'clientId' | PickerField) =>
    props.errors?.[field] ? (
      <p id={`${id}-${field}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
        {props.errors[field]}
      </p>
    ) : null;
  const jobs = related.data?.jobs ?? [];
  const contracts = related.data?.contracts ?? [];
  const select = (field: VisionLinkField, label: string, none: string, options: { id: string; label: string }[]) => (
    <div>
      <label htmlFor={`${id}-${field}`} className={labelClass}>
        {label}
      </label>
      <select
        id={`${id}-${field}`}
        className={inputClass}
        value={props.value[field] ?? ''}
        aria-invalid={props.errors?.[field as PickerField] ? true : undefined}
        aria-describedby={props.errors?.[field as PickerField] ? `${id}-${field}-error` : undefined}
        onChange={(e) => props.onChange({ ...props.value, [field]: e.target.value })}
      >
        <option value="">{none}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      {fieldError(field as PickerField)}
    </div>
  );

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="min-w-0">
        <label htmlFor={`${id}-q`} className={labelClass}>
          Find a client
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={inputClass}
          value={q}
          placeholder="Name, phone or e-mail"
          aria-invalid={props.errors?.clientId ? true : undefined}
          aria-describedby={props.errors?.clientId ? `${id}-clientId-error` : undefined}
          onChange={(e) => setQ(e.target.value)}
        />
        {fieldError('clientId')}
        {search.length >= 2 && (
          <ul aria-label="Matching clients" className="mt-1 max-h-48 overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
            {list.data?.items.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">No client matches.</li>}
            {list.data?.items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  aria-pressed={c.id === picked}
                  className="block w-full px-3 py-2 text-left text-sm [overflow-wrap:anywhere] hover:bg-slate-100 aria-pressed:bg-blue-50 dark:hover:bg-slate-800 dark:aria-pressed:bg-blue-950"
                  onClick={() => {
                    props.onChange({ ...props.value, clientId: c.id, siteId: '', jobId: '', contractId: '' });
                    setQ('');
                  }}
                >
                  {c.name}
                  {c.city && <span className="text-slate-500"> · {c.city}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        {client.data && (
          <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="[overflow-wrap:anywhere]">
              Client: <strong>{client.data.name}</strong>
            </span>
            <button type="button" className="text-blue-700 underline dark:text-blue-300" onClick={() => props.onChange({ ...props.value, clientId: '', siteId: '', jobId: '', contractId: '' })}>
              Clear
            </button>
          </p>
        )}
      </div>
      {client.data && shown.has('siteId') && select('siteId', `Site of ${client.data.name}`, props.siteRequired ? 'Choose a site…' : 'No particular site', client.data.sites.map((s) => ({ id: s.id, label: s.label })))}
      {client.data && shown.has('jobId') && select('jobId', 'Job', jobs.length ? 'No particular job' : 'No jobs for this client', jobs.map((j) => ({ id: j.id, label: recordLabel(j) })))}
      {client.data && shown.has('contractId') && select('contractId', 'Monitoring contract', contracts.length ? 'No particular contract' : 'No contracts for this client', contracts.map((c) => ({ id: c.id, label: recordLabel(c) })))}
    </div>
  );
}
