import type { AuthState } from '../../domain/auth/permissions.ts';
import type { PortalHub } from '../../contracts/portal.ts';
import { hasSignOffDocument, isFinal } from '../../domain/jobs/job.ts';
import { technicianNames } from '../jobs/sign-off-document.ts';
import { effectiveStatus } from '../../domain/proposals/proposal.ts';
import { linkActive } from '../../domain/shared/public-link.ts';
import { oneLineAddress } from '../jobs/create-job.ts';
import { todayOf } from '../invoices/invoice-deps.ts';
import { isOverdue } from '../../domain/invoices/invoice.ts';
import { contactIndexOf, ownedClient, type PortalDeps } from './portal-deps.ts';

const LIMIT = 100;

/**
 * Everything the hub shows for one of the caller's clients. Drafts stay with the office; a
 * proposal or invoice links to its public page (/p/<token>, /i/<token>: signing and paying
 * happen there) while its link is live, and shows no link once staff switched it off.
 */
export async function getPortalHub(deps: PortalDeps, auth: AuthState, clientId: string): Promise<PortalHub> {
  const { client, email } = await ownedClient(deps, auth, clientId);
  const today = todayOf(deps.invoices);
  const [proposals, invoicePage, jobPage, contracts, planPage] = await Promise.all([
    deps.directory.proposalsOf(client.id, LIMIT),
    deps.invoices.invoices.list({ status: null, overdue: null, today, clientId: client.id, from: null, to: null, words: [], sort: 'issueDate', direction: 'desc', limit: LIMIT, cursor: null }),
    deps.jobs.list({ status: null, type: null, employeeId: null, clientId: client.id, from: null, to: null, words: [], sort: 'createdAt', direction: 'desc', limit: LIMIT, cursor: null }),
    deps.directory.contractsOf(client.id, LIMIT),
    deps.plans.plans.list({ clientId: client.id, limit: LIMIT }),
  ]);
  const contact = client.contacts[contactIndexOf(client, email)];
  const siteLabel = (id: string) => client.sites.find((s) => s.id === id)?.label ?? '';
  const visits = jobPage.jobs.filter((j) => j.clientId === client.id && j.status !== 'cancelled');
  const names = await technicianNames(deps, visits);
  return {
    client: {
      id: client.id,
      name: client.name,
      company: client.company,
      contact: { name: contact?.name ?? client.name, email, phone: contact?.phones[0] ?? '' },
      billingAddress: client.billingAddress,
      sites: client.sites.map((s) => ({ id: s.id, label: s.label, address: oneLineAddress(s.address) })),
    },
    proposals: proposals.flatMap((p) => {
      const s = effectiveStatus(p, today);
      const status = s === 'sent' || s === 'viewed' ? ('open' as const) : s === 'accepted' || s === 'converted' ? ('accepted' as const) : null;
      if (status === null) return [];
      return [{ id: p.id, number: p.number, title: p.title, status, validUntil: p.validUntil, sentAt: p.sentAt, link: linkActive(p) ? `/p/${p.publicToken}` : null }];
    }),
    invoices: invoicePage.items
      .filter((i) => i.clientId === client.id && i.status !== 'draft')
      .sort((x, y) => y.issueDate.localeCompare(x.issueDate) || y.number.localeCompare(x.number))
      .map((i) => ({
        id: i.id,
        number: i.number,
        kind: i.kind,
        title: i.title,
        issueDate: i.issueDate,
        dueDate: i.dueDate,
        totalCents: i.totalCents,
        balanceCents: i.balanceCents,
        status: i.status as 'sent' | 'partial' | 'paid' | 'void',
        overdue: isOverdue(i, today),
        link: linkActive(i) && i.status !== 'void' ? `/i/${i.publicToken}` : null,
      })),
    visits: visits
      .map((j) => ({
        id: j.id,
        number: j.number,
        title: j.title,
        type: j.type,
        status: j.status,
        when: isFinal(j) ? ('past' as const) : ('upcoming' as const),
        siteLabel: j.siteLabel || siteLabel(j.siteId),
        start: j.scheduledStart,
        end: j.scheduledEnd,
        technicians: j.assignees.map((a) => names.get(a)).filter((n): n is string => !!n),
        signOff: hasSignOffDocument(j),
      }))
      .sort((a, b) => (a.when === b.when ? (a.when === 'upcoming' ? (a.start ?? '9').localeCompare(b.start ?? '9') : (b.start ?? '').localeCompare(a.start ?? '')) : a.when === 'upcoming' ? -1 : 1)),
    contracts: contracts.map((c) => ({
      id: c.id,
      plan: c.plan,
      siteLabel: c.siteLabel || siteLabel(c.siteId),
      monthlyFeeCents: c.monthlyFeeCents,
      billingCycle: c.billingCycle,
      status: c.status,
      startDate: c.startDate,
      endDate: c.endDate,
    })),
    cameraPlans: planPage.items.filter((p) => p.clientId === client.id).map((p) => ({ id: p.id, name: p.name, siteLabel: siteLabel(p.siteId), updatedAt: p.updatedAt })),
  };
}

