import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Camera, FileText, Receipt, ShieldCheck } from 'lucide-react';
import type { PortalHub } from '#contracts/portal.ts';
import { STATUS_LABELS as CONTRACT_STATUS_LABELS } from '#contracts/monitoring.ts';
import { buttonStyle } from '#ui/Button.tsx';
import { EmptyState } from '#ui/EmptyState.tsx';
import { Section } from '#ui/Section.tsx';
import { LoadError } from '#ui/LoadError.tsx';
import { PageLoader } from '#ui/PageLoader.tsx';
import { formatDate, formatDay, formatWindow, useCompanyTimeZone } from '#ui/dates.ts';
import { formatCents } from '#ui/money.ts';
import { joinParts } from '#ui/join-parts.ts';
import { CustomerBadge, CustomerInvoiceStatus } from '#ui/CustomerBadge.tsx';
import { portalClientsQuery, portalFile, portalHubQuery } from './queries.ts';
import { ServiceRequestForm } from './ServiceRequestForm.tsx';
import { ContactDetailsForm } from './ContactDetailsForm.tsx';
import { CardOnFile } from './CardOnFile.tsx';

type Invoice = PortalHub['invoices'][number];
type Visit = PortalHub['visits'][number];

/** The signed-in customer's hub: the picker when several clients share their e-mail, then the chosen client's sections. */
export function Hub(props: { clientId: string | undefined; onPick: (clientId: string) => void; onSignOut: () => void; onEmailChanged: (message: string) => void }) {
  const clients = useQuery(portalClientsQuery);
  if (clients.isPending) return <PageLoader />;
  if (clients.isError) return <LoadError error={clients.error} />;
  const { email, clients: list } = clients.data;
  if (list.length === 0) {
    return (
      <section className="mx-auto max-w-lg" aria-labelledby="no-account">
        <h1 id="no-account" className="text-3xl font-bold text-slate-900 dark:text-white">
          Your account
        </h1>
        <div className="mt-6">
          <EmptyState title={`We have no client account for ${email}`}>
            <p className="break-words">If you are our client, you may be on file under another e-mail: sign out and sign in with that one, or call us and we will add this address.</p>
          </EmptyState>
        </div>
        <button type="button" className={`${buttonStyle('secondary')} mt-4`} onClick={props.onSignOut}>
          Sign out
        </button>
      </section>
    );
  }
  const chosen = list.find((c) => c.id === props.clientId) ?? list[0]!;
  return (
    <div className="mx-auto max-w-4xl">
      {list.length > 1 && (
        <div className="mb-4 rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
          <label htmlFor="portal-client" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Account ({list.length} under {email})
          </label>
          <select
            id="portal-client"
            value={chosen.id}
            onChange={(e) => props.onPick(e.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.company && c.company !== c.name ? `${c.name} — ${c.company}` : c.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <ClientHub clientId={chosen.id} onSignOut={props.onSignOut} onEmailChanged={props.onEmailChanged} />
    </div>
  );
}

function ClientHub({ clientId, onSignOut, onEmailChanged }: { clientId: string; onSignOut: () => void; onEmailChanged: (message: string) => void }) {
  useCompanyTimeZone(); // times are shown in the company's zone: render again when it arrives
  const hub = useQuery(portalHubQuery(clientId));
  if (hub.isPending) return <PageLoader />;
  if (hub.isError) return <LoadError error={hub.error} />;
  const h = hub.data;
  const upcoming = h.visits.filter((v) => v.when === 'upcoming');
  const past = h.visits.filter((v) => v.when === 'past');
  const owed = h.invoices.filter((i) => i.kind === 'invoice' && i.status !== 'void').reduce((sum, i) => sum + Math.max(0, i.balanceCents), 0);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold break-words text-slate-900 dark:text-white">Hello, {h.client.contact.name}</h1>
          {(h.client.name !== h.client.contact.name || h.client.company) && (
            <p className="mt-1 break-words text-slate-700 dark:text-slate-300">
              {h.client.name}
              {h.client.company && h.client.company !== h.client.name ? ` · ${h.client.company}` : ''}
            </p>
          )}
        </div>
        <button type="button" className={buttonStyle('secondary')} onClick={onSignOut}>
          Sign out
        </button>
      </div>
      <p className="mt-3 text-lg text-slate-900 dark:text-white" aria-live="polite">
        {owed > 0 ? (
          <>
            You owe <strong>{formatCents(owed)}</strong>.
          </>
        ) : (
          'Nothing to pay right now.'
        )}
      </p>

      <Section title="Invoices" icon={<Receipt aria-hidden className="h-5 w-5" />}>
        {h.invoices.length === 0 ? <EmptyState title="No invoices yet" /> : <CardList>{h.invoices.map((i) => <InvoiceCard key={i.id} clientId={clientId} invoice={i} />)}</CardList>}
      </Section>

      <Section title="Proposals" icon={<FileText aria-hidden className="h-5 w-5" />}>
        {h.proposals.length === 0 ? (
          <EmptyState title="No open proposals" />
        ) : (
          <CardList>
            {h.proposals.map((p) => (
              <Card key={p.id} title={joinParts([p.number, p.title])} badge={p.status === 'open' ? <CustomerBadge tone="blue">Open</CustomerBadge> : <CustomerBadge tone="green">Accepted</CustomerBadge>}>
                <p>{p.status === 'open' ? `Valid until ${formatDay(p.validUntil)}` : 'Accepted, thank you.'}</p>
                {p.link ? (
                  <a className={`${buttonStyle(p.status === 'open' ? 'primary' : 'secondary')} mt-2`} href={p.link}>
                    {p.status === 'open' ? 'Review and sign' : 'Open'}
                  </a>
                ) : (
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Ask our office for the current link.</p>
                )}
              </Card>
            ))}
          </CardList>
        )}
      </Section>

      <Section title="Visits" icon={<CalendarClock aria-hidden className="h-5 w-5" />}>
        <h3 className="mb-2 font-semibold text-slate-800 dark:text-slate-200">Upcoming</h3>
        {upcoming.length === 0 ? <EmptyState title="No visits booked" /> : <CardList>{upcoming.map((v) => <VisitCard key={v.id} clientId={clientId} visit={v} />)}</CardList>}
        <h3 className="mt-5 mb-2 font-semibold text-slate-800 dark:text-slate-200">Past</h3>
        {past.length === 0 ? <EmptyState title="No past visits" /> : <CardList>{past.map((v) => <VisitCard key={v.id} clientId={clientId} visit={v} />)}</CardList>}
      </Section>

      <Section title="Monitoring" icon={<ShieldCheck aria-hidden className="h-5 w-5" />}>
        {h.contracts.length === 0 ? (
          <EmptyState title="No monitoring contract" />
        ) : (
          <CardList>
            {h.contracts.map((c) => (
              <Card key={c.id} title={c.plan} badge={<CustomerBadge tone={c.status === 'active' ? 'green' : 'slate'}>{contractStatusLabel(c.status)}</CustomerBadge>}>
                <p className="break-words">{c.siteLabel}</p>
                <p>
                  {formatCents(c.monthlyFeeCents)} a month, billed {c.billingCycle}. Since {formatDay(c.startDate)}
                  {c.endDate ? `, until ${formatDay(c.endDate)}` : ''}.
                </p>
              </Card>
            ))}
          </CardList>
        )}
      </Section>

      <CardOnFile clientId={clientId} />

      <Section title="Camera plans" icon={<Camera aria-hidden className="h-5 w-5" />}>
        {h.cameraPlans.length === 0 ? (
          <EmptyState title="No camera plans" />
        ) : (
          <CardList>
            {h.cameraPlans.map((p) => (
              <Card key={p.id} title={p.name}>
                <p className="break-words">{p.siteLabel}</p>
                <a className={`${buttonStyle('secondary')} mt-2`} href={portalFile(clientId, `camera-plans/${encodeURIComponent(p.id)}/pdf`)} download>
                  Download PDF
                </a>
              </Card>
            ))}
          </CardList>
        )}
      </Section>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="service-request" className="min-w-0">
          <h2 id="service-request" className="mb-3 text-xl font-semibold text-slate-900 dark:text-white">
            Request service
          </h2>
          <ServiceRequestForm clientId={clientId} sites={h.client.sites} />
        </section>
        <section aria-labelledby="contact-details" className="min-w-0">
          <h2 id="contact-details" className="mb-3 text-xl font-semibold text-slate-900 dark:text-white">
            Your details
          </h2>
          <ContactDetailsForm clientId={clientId} hub={h} onEmailChanged={onEmailChanged} />
        </section>
      </div>
    </>
  );
}

const CardList = ({ children }: { children: ReactNode }) => <ul className="grid gap-3 sm:grid-cols-2">{children}</ul>;

function Card({ title, badge, children }: { title: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 p-4 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
      <div className="mb-1 flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-slate-900 dark:text-white">{title}</h3>
        {badge}
      </div>
      {children}
    </li>
  );
}

function InvoiceCard({ clientId, invoice: i }: { clientId: string; invoice: Invoice }) {
  const payable = i.kind === 'invoice' && i.balanceCents > 0 && i.status !== 'void';
  return (
    <Card title={i.number} badge={<CustomerInvoiceStatus invoice={i} />}>
      {i.title && <p className="break-words">{i.title}</p>}
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
        <dt>Issued</dt>
        <dd>{formatDay(i.issueDate)}</dd>
        {payable && (
          <>
            <dt>Due</dt>
            <dd>{formatDay(i.dueDate)}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd>{formatCents(i.totalCents)}</dd>
        <dt>Balance</dt>
        <dd className="font-semibold text-slate-900 dark:text-white">{formatCents(i.balanceCents)}</dd>
      </dl>
      <div className="mt-2 flex flex-wrap gap-2">
        {i.link && (
          <a className={buttonStyle(payable ? 'primary' : 'secondary')} href={i.link}>
            {payable ? 'Pay' : 'Open'}
          </a>
        )}
        <a className={buttonStyle('secondary')} href={portalFile(clientId, `invoices/${encodeURIComponent(i.id)}/pdf`)} download>
          PDF
        </a>
      </div>
    </Card>
  );
}

function VisitCard({ clientId, visit: v }: { clientId: string; visit: Visit }) {
  const badge = v.status === 'completed' ? <CustomerBadge tone="green">Done</CustomerBadge> : v.start ? <CustomerBadge tone="blue">Booked</CustomerBadge> : <CustomerBadge tone="amber">To be booked</CustomerBadge>;
  return (
    <Card title={v.title} badge={badge}>
      <p className="break-words">{v.siteLabel}</p>
      <p>{v.start ? (v.when === 'past' ? formatDate(v.start) : formatWindow(v.start, v.end)) : 'We will call you to book a time.'}</p>
      {v.technicians.length > 0 && <p>Technician: {v.technicians.join(', ')}</p>}
      {v.signOff && (
        <a className={`${buttonStyle('secondary')} mt-2`} href={portalFile(clientId, `visits/${encodeURIComponent(v.id)}/sign-off.pdf`)} download>
          Sign-off PDF
        </a>
      )}
    </Card>
  );
}

/** The office's words for a contract's status ("Past due"), never the stored value or CSS capitals. */
const contractStatusLabel = (status: string): string => (CONTRACT_STATUS_LABELS as Record<string, string | undefined>)[status] ?? status;
