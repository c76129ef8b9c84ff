import { useState } from 'react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../features/auth/session.ts';
import { PageHeading } from '#ui/PageHeading.tsx';
import { formatDateTime } from '#ui/dates.ts';
import { leadsQuery } from '../../features/leads/queries.ts';
import { ConvertLeadForm } from '../../features/leads/ConvertLeadForm.tsx';
import { PagedCardList } from '#ui/PagedCardList.tsx';
import { StatusFilter } from '#ui/StatusFilter.tsx';
import { QUOTE_SERVICE_OPTIONS, type Lead } from '#contracts/quotes.ts';
import { LEAD_STATUS_VALUES, oneOf } from '#contracts/public-site-values.ts';
import { apiFetch, ApiRequestError } from '#lib/api.ts';
import { Button } from '#ui/Button.tsx';

export const Route = createFileRoute('/admin/leads')({
  validateSearch: (s: Record<string, unknown>): { status?: (typeof LEAD_STATUS_VALUES)[number] } => {
    const status = oneOf(LEAD_STATUS_VALUES, s.status);
    return status ? { status } : {};
  },
  component: Screen,
});

const serviceLabel = (s: string) => QUOTE_SERVICE_OPTIONS.find((o) => o.value === s)?.label ?? s;

function Screen() {
  const { status } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const q = useInfiniteQuery(leadsQuery(status));
  const leads = q.data?.pages.flatMap((p) => p.leads) ?? [];
  return (
    <>
      <PageHeading title="Leads">Free-quote requests from the website, newest first.</PageHeading>
      <StatusFilter id="lead-status" label="Status" value={status} options={LEAD_STATUS_VALUES} onChange={(s) => void navigate({ search: { status: s } })} />
      <PagedCardList query={q} items={leads} label="Leads" empty="No leads here.">
        {(l) => <LeadCard key={l.id} lead={l} />}
      </PagedCardList>
    </>
  );
}

function LeadCard({ lead }: { lead: Lead }) {
  const client = useQueryClient();
  const canConvert = useCan('editClients');
  const [converting, setConverting] = useState(false);
  const change = useMutation({
    mutationFn: (status: string) => apiFetch<Lead>(`/api/admin/leads/${encodeURIComponent(lead.id)}`, { method: 'PATCH', json: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
  return (
    <li className="rounded-xl border border-slate-200 p-5 dark:border-slate-800" aria-label={`Lead from ${lead.name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{lead.name}</h2>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-900 dark:bg-slate-800 dark:text-slate-100" data-testid="lead-status">
          {lead.status}
        </span>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">{formatDateTime(lead.createdAt)}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Row k="Services" v={lead.services.map(serviceLabel).join(', ')} />
        <Row k="Property" v={`${lead.propertyType}, ${lead.construction === 'new' ? 'new build' : 'existing'}`} />
        <Row k="Address" v={`${lead.address}, ${lead.postcode}`} />
        <Row k="Preferred visit" v={lead.preferredDate ? `${lead.preferredDate}${lead.preferredWindow ? `, ${lead.preferredWindow}` : ''}` : 'No preference'} />
        <Row k="Phone" v={<a className="underline" href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a>} />
        <Row k="E-mail" v={<a className="underline" href={`mailto:${lead.email}`}>{lead.email}</a>} />
      </dl>
      <p className="mt-3 whitespace-pre-line text-slate-800 dark:text-slate-200">{lead.description}</p>
      {lead.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label="Photos">
          {lead.photos.map((p, i) => (
            <li key={i}>
              <a href={`/api/admin/leads/${encodeURIComponent(lead.id)}/photos/${i}`} target="_blank" rel="noreferrer">
                <img
                  src={`/api/admin/leads/${encodeURIComponent(lead.id)}/photos/${i}`}
                  alt={`Photo ${i + 1}${p.fileName ? `: ${p.fileName}` : ''}`}
                  loading="lazy"
                  width={120}
                  height={90}
                  className="h-[90px] w-[120px] rounded-md border border-slate-200 object-cover dark:border-slate-700"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {lead.nextStatuses.length > 0 && (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-700 dark:text-slate-300">Mark as:</span>
          {lead.nextStatuses.map((s) => (
            <Button key={s} variant="secondary" size="sm" disabled={change.isPending} onClick={() => change.mutate(s)}>
              {s}
            </Button>
          ))}
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {lead.convertedClientId ? (
          <Link className="text-sm font-medium underline" to="/admin/clients/$clientId" params={{ clientId: lead.convertedClientId }}>
            Open the client made from this request
          </Link>
        ) : (
          canConvert &&
          !converting && (
            <Button variant="secondary" size="sm" onClick={() => setConverting(true)}>
              Convert to client…
            </Button>
          )
        )}
      </div>
      {converting && !lead.convertedClientId && <ConvertLeadForm lead={lead} onCancel={() => setConverting(false)} />}
      {change.error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {change.error instanceof ApiRequestError ? change.error.message : 'Could not change the status.'}
        </p>
      )}
    </li>
  );
}

function Row({ k, v }: { k: string; v: React.ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="font-medium text-slate-700 dark:text-slate-300">{k}:</dt>
      <dd className="text-slate-900 dark:text-slate-100">{v}</dd>
    </div>
  );
}
