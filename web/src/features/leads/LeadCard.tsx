import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useCan } from '../auth/session.ts';
import { formatDateTime, formatDay } from '#ui/dates.ts';
import { ConvertLeadForm } from './ConvertLeadForm.tsx';
import { useLeadStatus } from './queries.ts';
import type { Lead } from '#contracts/quotes.ts';
import { serviceLabel } from '#domain/clients/lead-conversion.ts';
import { LEAD_STATUS_LABELS } from '#contracts/public-site-values.ts';
import { ApiRequestError } from '#lib/api.ts';
import { Button } from '#ui/Button.tsx';
import { telHref } from '#domain/shared/phone.ts';

/** "Residential, existing building", "Commercial, new build": the property as a person says it. */
export const propertyLabel = (lead: Pick<Lead, 'propertyType' | 'construction'>): string =>
  `${lead.propertyType === 'commercial' ? 'Commercial' : 'Residential'}, ${lead.construction === 'new' ? 'new build' : 'existing building'}`;

/** "Dec 4, 2026 (morning)": the visitor's calendar day in the local format, the window in words. */
export const preferredVisit = (lead: Pick<Lead, 'preferredDate' | 'preferredWindow'>): string =>
  lead.preferredDate ? `${formatDay(lead.preferredDate)}${lead.preferredWindow ? ` (${lead.preferredWindow})` : ''}` : 'No preference';

/** One quote request on the leads screen: what was asked, statuses in words, the next steps. */
export function LeadCard({ lead }: { lead: Lead }) {
  const canConvert = useCan('editClients');
  const [converting, setConverting] = useState(false);
  const change = useLeadStatus(lead);
  return (
    <li className="rounded-xl border border-slate-200 p-5 dark:border-slate-800" aria-label={`Lead from ${lead.name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere] dark:text-white">{lead.name}</h2>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-900 dark:bg-slate-800 dark:text-slate-100" data-testid="lead-status">
          {LEAD_STATUS_LABELS[lead.status]}
        </span>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">{formatDateTime(lead.createdAt)}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Row k="Services" v={lead.services.map(serviceLabel).join(', ')} />
        <Row k="Property" v={propertyLabel(lead)} />
        <Row k="Address" v={`${lead.address}, ${lead.postcode}`} />
        <Row k="Preferred visit" v={preferredVisit(lead)} />
        <Row k="Phone" v={<a className="underline" href={telHref(lead.phone)}>{lead.phone}</a>} />
        <Row k="E-mail" v={<a className="underline" href={`mailto:${lead.email}`}>{lead.email}</a>} />
      </dl>
      <p className="mt-3 whitespace-pre-line text-slate-800 [overflow-wrap:anywhere] dark:text-slate-200">{lead.description}</p>
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
              {LEAD_STATUS_LABELS[s]}
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
    <div className="flex min-w-0 gap-2">
      <dt className="shrink-0 font-medium text-slate-700 dark:text-slate-300">{k}:</dt>
      <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">{v}</dd>
    </div>
  );
}
