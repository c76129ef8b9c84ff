import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { VisionLinkField } from '#contracts/vision.ts';
import { clientListQuery, clientQuery } from '#lib/queries/clients.ts';

type LinkValues = Partial<Record<VisionLinkField, string>>;

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-blue-600 focus:outline-2 focus:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/**
 * Finds a client by name, phone or e-mail and picks one of its sites, writing the same
 * clientId/siteId the id fields hold. Staff without client access (the list answers 403) see
 * nothing here and keep the id fields.
 */
export function ClientSitePicker(props: { value: LinkValues; onChange: (next: LinkValues) => void }) {
  const id = useId();
  const [q, setQ] = useState('');
  const search = q.trim();
  const list = useQuery({ ...clientListQuery({ q: search, limit: 8 }), enabled: search.length >= 2 });
  const picked = props.value.clientId ?? '';
  const client = useQuery({ ...clientQuery(picked), enabled: picked !== '', retry: false });
  if (list.error && 'status' in list.error && (list.error as { status: number }).status === 403) return null;

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Find a client
        </label>
        <input id={`${id}-q`} type="search" className={inputClass} value={q} placeholder="Name, phone or e-mail" onChange={(e) => setQ(e.target.value)} />
        {search.length >= 2 && (
          <ul aria-label="Matching clients" className="mt-1 max-h-48 overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
            {list.data?.items.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">No client matches.</li>}
            {list.data?.items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  aria-pressed={c.id === picked}
                  className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100 aria-pressed:bg-blue-50 dark:hover:bg-slate-800 dark:aria-pressed:bg-blue-950"
                  onClick={() => props.onChange({ ...props.value, clientId: c.id, siteId: '' })}
                >
                  {c.name}
                  {c.city && <span className="text-slate-500"> · {c.city}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {client.data && (
        <div>
          <label htmlFor={`${id}-site`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Site of {client.data.name}
          </label>
          <select id={`${id}-site`} className={inputClass} value={props.value.siteId ?? ''} onChange={(e) => props.onChange({ ...props.value, siteId: e.target.value })}>
            <option value="">No particular site</option>
            {client.data.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
