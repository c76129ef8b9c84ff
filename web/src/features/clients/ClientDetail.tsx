import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientInput, ClientView, RelatedRecordView, SiteInput, SiteView } from '#contracts/clients.ts';
import { CLIENT_KIND_LABELS, CLIENT_SOURCE_LABELS, ZONE_TYPE_LABELS } from '#contracts/clients.ts';
import { STATUS_LABELS as INVOICE_STATUS_LABELS } from '#contracts/invoice-labels.ts';
import { STATUS_LABELS as PROPOSAL_STATUS_LABELS } from '#contracts/proposals.ts';
import { STATUS_LABELS as CONTRACT_STATUS_LABELS } from '#contracts/monitoring.ts';
import { STATUS_LABELS as JOB_STATUS_LABELS } from '#domain/jobs/job.ts';
import type { Lead } from '#contracts/quotes.ts';
import { LEAD_STATUS_LABELS } from '#contracts/public-site-values.ts';
import { apiFetch } from '#lib/api.ts';
import { History, humanField } from '#ui/History.tsx';
import { PageHeading } from '#ui/PageHeading.tsx';
import { formatDate, formatDay } from '#ui/dates.ts';
import { formatCents } from '#ui/money.ts';
import { recordHref, type RecordKind } from '#contracts/record-href.ts';
import { ClientForm } from './ClientForm.tsx';
import { SiteForm } from './SiteForm.tsx';
import { CardOnFileBilling } from './CardOnFileBilling.tsx';
import { CLIENTS_KEY, clientQuery } from '#lib/queries/clients.ts';
import { clientRelatedQuery, useClientPermissions } from './queries.ts';
import { Button } from '#ui/Button.tsx';
import { EmptyState } from '#ui/EmptyState.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { Section } from '#ui/Section.tsx';
import { telHref } from '#domain/shared/phone.ts';

const api = (id: string) => `/api/clients/${encodeURIComponent(id)}`;
const formatAddress = (a: ClientView['billingAddress']) => [a.line1, a.line2, a.city, [a.region, a.postcode].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ');

/** One client in one place: details, sites with alarm accounts, related records and history. */
export function ClientDetail({ clientId }: { clientId: string }) {
  const { canEdit } = useClientPermissions();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: client, error, isPending } = useQuery(clientQuery(clientId));
  const related = useQuery(clientRelatedQuery(clientId));
  const [editing, setEditing] = useState(false);
  const [siteForm, setSiteForm] = useState<'new' | string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });

  const action = useMutation({
    mutationFn: (a: 'archive' | 'unarchive' | 'delete') =>
      a === 'delete' ? apiFetch(api(clientId), { method: 'DELETE' }) : apiFetch(`${api(clientId)}/${a}`, { method: 'POST', json: {} }),
    onSuccess: async (_d, a) => {
      await refresh();
      if (a === 'delete') await navigate({ to: '/admin/clients' });
    },
    onError: (e) => setNotice(e.message),
  });

  if (isPending) return <p role="status">Loading client…</p>;
  if (error || !client) return <ErrorNote>{error?.message ?? 'Client not found.'}</ErrorNote>;

  return (
    <div>
      <PageHeading title={client.name}>
        {[CLIENT_KIND_LABELS[client.kind], client.company, client.archived ? 'Archived' : null].filter(Boolean).join(' · ')}
      </PageHeading>
      {notice && <ErrorNote>{notice}</ErrorNote>}
      {canEdit && !editing && (
        <div className="mb-4 flex flex-wrap gap-2">
          <Button onClick={() => setEditing(true)}>Edit client</Button>
          <Button variant="secondary" onClick={() => action.mutate(client.archived ? 'unarchive' : 'archive')}>
            {client.archived ? 'Unarchive' : 'Archive'}
          </Button>
          <Button variant="danger" onClick={() => window.confirm(`Delete ${client.name}? This cannot be undone.`) && action.mutate('delete')}>
            Delete
          </Button>
        </div>
      )}
      {editing ? (
        <ClientForm
          initial={client}
          submitLabel="Save changes"
          onCancel={() => setEditing(false)}
          onSave={async (body: ClientInput) => {
            const { sites: _sites, ...patch } = body;
            await apiFetch(api(clientId), { method: 'PATCH', json: patch });
            await refresh();
            setEditing(false);
          }}
        />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-500">Contacts</dt>
            <dd>
              {client.contacts.length === 0 && '—'}
              {client.contacts.map((c, i) => (
                <p key={i}>
                  <strong>{c.name}</strong>
                  {c.role && ` (${c.role})`} {c.emails.map((e) => <a key={e} className="ml-2 text-blue-700 underline" href={`mailto:${e}`}>{e}</a>)}
                  {c.phones.map((p) => <a key={p} className="ml-2 text-blue-700 underline" href={telHref(p)}>{p}</a>)}
                </p>
              ))}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">Billing address</dt>
            <dd>{formatAddress(client.billingAddress) || '—'}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">Source · Tags</dt>
            <dd>
              {CLIENT_SOURCE_LABELS[client.source]} · {client.tags.join(', ') || 'no tags'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">Notes</dt>
            <dd className="whitespace-pre-line">{client.notes || '—'}</dd>
          </div>
          <CardOnFileBilling clientId={clientId} canEdit={canEdit} />
        </dl>
      )}

      <Section title="Sites" actions={canEdit && siteForm === null ? <Button variant="secondary" onClick={() => setSiteForm('new')}>Add site</Button> : null}>
        {siteForm === 'new' && (
          <SiteForm
            onCancel={() => setSiteForm(null)}
            onSave={async (body: SiteInput) => {
              await apiFetch(`${api(clientId)}/sites`, { method: 'POST', json: body });
              await refresh();
              setSiteForm(null);
            }}
          />
        )}
        {client.sites.length === 0 && siteForm !== 'new' && <EmptyState title="No sites yet.">A site is a place the client has protected: an address with its alarm account.</EmptyState>}
        <div className="grid gap-4">
          {client.sites.map((s) =>
            siteForm === s.id ? (
              <SiteForm
                key={s.id}
                site={s}
                onCancel={() => setSiteForm(null)}
                onSave={async (body) => {
                  await apiFetch(`${api(clientId)}/sites/${s.id}`, { method: 'PATCH', json: body });
                  await refresh();
                  setSiteForm(null);
                }}
              />
            ) : (
              <SiteCard key={s.id} clientId={clientId} site={s} canEdit={canEdit} onEdit={() => setSiteForm(s.id)} onRemoved={refresh} />
            ),
          )}
        </div>
      </Section>

      {client.leadId && <LeadOrigin leadId={client.leadId} />}

      {/* A kind the viewer may not see is absent from the answer: no section for it. */}
      {(related.isPending || related.data?.jobs) && <RelatedList title="Jobs" kind="jobs" items={related.data?.jobs} loading={related.isPending} empty="No jobs for this client yet." />}
      {(related.isPending || related.data?.proposals) && <RelatedList title="Proposals" kind="proposals" items={related.data?.proposals} loading={related.isPending} empty="No proposals for this client yet." />}
      {(related.isPending || related.data?.invoices) && <RelatedList title="Invoices" kind="invoices" items={related.data?.invoices} loading={related.isPending} empty="No invoices for this client yet." />}
      {(related.isPending || related.data?.contracts) && (
        <RelatedList title="Monitoring contracts" kind="contracts" items={related.data?.contracts} loading={related.isPending} empty="No monitoring contracts for this client yet." />
      )}
      <Section title="History">
        <History
          entries={related.data?.history}
          loading={related.isPending}
          empty="No history yet."
          actionLabel={(a) => ACTION_LABEL[a]}
          fieldLabel={(f) => (f === 'autoPay' ? 'Auto-pay monitoring invoices' : f === 'card' ? 'Card on file' : f.startsWith('sites.') ? `Site ${humanField(f.replace(/^sites\.[^.]+\./, '')).toLowerCase()}` : undefined)}
          showChanges={(e) => e.action !== 'create' && e.action !== 'reveal-passcode' && e.action !== 'import' && e.action !== 'convert-lead'}
        />
      </Section>
    </div>
  );
}

function SiteCard({ clientId, site, canEdit, onEdit, onRemoved }: { clientId: string; site: SiteView; canEdit: boolean; onEdit: () => void; onRemoved: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  const [passcode, setPasscode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const path = `/api/clients/${encodeURIComponent(clientId)}/sites/${encodeURIComponent(site.id)}`;
  const reveal = async () => {
    try {
      setPasscode((await apiFetch<{ passcode: string }>(`${path}/reveal-passcode`, { method: 'POST', json: {} })).passcode);
      // The reveal is in the history now.
      await queryClient.invalidateQueries({ queryKey: clientRelatedQuery(clientId).queryKey });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not reveal the passcode.');
    }
  };
  const a = site.alarm;
  return (
    <article className="rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label={`Site ${site.label}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{site.label}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{formatAddress(site.address)}</p>
          {site.geo && (
            <p className="text-xs text-slate-500">
              {site.geo.latitude.toFixed(5)}, {site.geo.longitude.toFixed(5)}
            </p>
          )}
        </div>
        {canEdit && (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onEdit}>
              Edit site
            </Button>
            <Button
 variant="ghost"
              onClick={async () => {
                if (!window.confirm(`Remove the site ${site.label}?`)) return;
                try {
                  await apiFetch(path, { method: 'DELETE' });
                  await onRemoved();
                } catch (e) {
                  setError(e instanceof Error ? e.message : 'Could not remove the site.');
                }
              }}
            >
              Remove
            </Button>
          </div>
        )}
      </div>
      {error && <ErrorNote>{error}</ErrorNote>}
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Central station</dt>
          <dd>{a.centralStation || '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Account number</dt>
          <dd>{a.accountNumber || '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Panel</dt>
          <dd>{a.panelModel || '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Passcode</dt>
          <dd className="flex items-center gap-2">
            {!a.hasPasscode ? 'none on file' : passcode !== null ? <span data-testid="passcode" className="font-mono">{passcode}</span> : <span aria-label="hidden">••••</span>}
            {a.hasPasscode && canEdit && passcode === null && (
              <Button variant="ghost" onClick={() => void reveal()}>
                Reveal
              </Button>
            )}
            {passcode !== null && (
              <Button variant="ghost" onClick={() => setPasscode(null)}>
                Hide
              </Button>
            )}
          </dd>
        </div>
      </dl>
      {a.zones.length > 0 && (
        <table className="mt-3 text-sm">
          <caption className="text-left text-slate-500">Zones</caption>
          <tbody>
            {a.zones.map((z) => (
              <tr key={z.number}>
                <td className="pr-3 font-mono">{z.number}</td>
                <td className="pr-3">{z.name}</td>
                <td className="text-slate-500">{ZONE_TYPE_LABELS[z.type]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {a.emergencyContacts.length > 0 && (
        <p className="mt-2 text-sm">
          <span className="text-slate-500">Emergency contacts: </span>
          {a.emergencyContacts.map((c) => `${c.name} ${c.phone}${c.relation ? ` (${c.relation})` : ''}`).join('; ')}
        </p>
      )}
    </article>
  );
}

/** The quote request the client was made from: its status, services and photos stay one look away. */
function LeadOrigin({ leadId }: { leadId: string }) {
  const { data: lead } = useQuery({
    queryKey: [...CLIENTS_KEY, 'lead', leadId],
    queryFn: ({ signal }) => apiFetch<Lead>(`/api/admin/leads/${encodeURIComponent(leadId)}`, { signal }),
  });
  if (!lead) return null;
  const base = `/api/admin/leads/${encodeURIComponent(leadId)}/photos`;
  return (
    <Section title="From quote request">
      <p className="text-sm">
        Requested {formatDate(lead.createdAt)} · lead status <strong data-testid="origin-lead-status">{LEAD_STATUS_LABELS[lead.status]}</strong>
        {lead.status === 'converted' && ' (becomes won when a proposal is accepted or a job is completed)'}
      </p>
      {lead.photos.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-3" aria-label="Photos from the quote request">
          {lead.photos.map((p, i) => (
            <li key={i}>
              <a href={`${base}/${i}`} target="_blank" rel="noreferrer">
                <img src={`${base}/${i}`} alt={`Photo ${i + 1}${p.fileName ? `: ${p.fileName}` : ''}`} loading="lazy" width={120} height={90} className="h-[90px] w-[120px] rounded-md border border-slate-200 object-cover dark:border-slate-700" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

type RelatedKind = 'jobs' | 'proposals' | 'invoices' | 'contracts';

/** Which record each list holds (links through the one `recordHref`), and its status in words (the owning area's own labels). */
const RELATED: Record<RelatedKind, { record: RecordKind; status: Readonly<Record<string, string>> }> = {
  jobs: { record: 'job', status: JOB_STATUS_LABELS },
  proposals: { record: 'proposal', status: PROPOSAL_STATUS_LABELS },
  invoices: { record: 'invoice', status: INVOICE_STATUS_LABELS },
  contracts: { record: 'contract', status: CONTRACT_STATUS_LABELS },
};

/** Newest number first (INV-2026-0014 before INV-2026-0005, JOB-10000 before JOB-9999); records without one by date. */
export function newestFirst(a: RelatedRecordView, b: RelatedRecordView): number {
  if (a.number && b.number) return b.number.localeCompare(a.number, 'en', { numeric: true });
  return a.date < b.date ? 1 : a.date > b.date ? -1 : 0;
}

function RelatedList({ title, kind, items, loading, empty }: { title: string; kind: RelatedKind; items: RelatedRecordView[] | undefined; loading: boolean; empty: string }) {
  const { record, status } = RELATED[kind];
  const sorted = [...(items ?? [])].sort(newestFirst);
  return (
    <Section title={title}>
      {loading ? (
        <p role="status" className="text-sm text-slate-500">
          Loading…
        </p>
      ) : sorted.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={title}>
          {sorted.map((r) => (
            <li key={r.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
              <a href={recordHref(record, r.id)} className="min-w-0 text-blue-700 underline [overflow-wrap:anywhere] dark:text-blue-300">
                {r.number ? (
                  <>
                    <strong className="font-mono">{r.number}</strong> {r.title}
                  </>
                ) : (
                  <strong>{r.title ?? 'Untitled'}</strong>
                )}
              </a>
              <span className="text-slate-600 dark:text-slate-400">
                {[
                  r.status ? (status[r.status] ?? r.status) : null,
                  r.totalCents !== null ? `total ${formatCents(r.totalCents)}` : null,
                  // A paid or void invoice owes nothing: its balance says nothing new.
                  r.balanceCents !== null && r.balanceCents !== 0 ? `balance ${formatCents(r.balanceCents)}` : null,
                  formatDay(r.date),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const ACTION_LABEL: Record<string, string> = {
  create: 'Created the client',
  update: 'Changed the client',
  archive: 'Archived the client',
  unarchive: 'Unarchived the client',
  delete: 'Deleted the client',
  'add-site': 'Added a site',
  'update-site': 'Changed a site',
  'remove-site': 'Removed a site',
  'reveal-passcode': 'Revealed an alarm passcode',
  import: 'Imported the client from CSV',
  'convert-lead': 'Converted a quote request',
  'card-saved': 'Saved a card on file',
  'card-removed': 'Removed the card on file',
  'auto-pay-on': 'Switched auto-pay on',
  'auto-pay-off': 'Switched auto-pay off',
};
