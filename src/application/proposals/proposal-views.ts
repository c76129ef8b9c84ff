import { effectiveStatus, totalsOf, type Proposal } from '../../domain/proposals/proposal.ts';
import { presentProposal, type PresentedProposal } from '../../domain/proposals/proposal-presentation.ts';
import type { OptionTotals } from '../../domain/proposals/proposal-totals.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { linkActive } from '../../domain/shared/public-link.ts';
import { postalAddressLine } from '../../domain/clients/postal-address.ts';
import { publicLink, today, type ProposalDeps } from './proposal-deps.ts';
import { depositInvoiceState } from './deposit-invoice.ts';

export interface ProposalView extends Omit<Proposal, 'converting' | 'retiredTokens' | 'linkRevokedAt'> {
  /** False once staff revoked the link or the client declined. */
  linkActive: boolean;
  /** Stored status, or 'expired' when valid-until has passed unanswered. */
  effectiveStatus: Proposal['status'];
  totals: (OptionTotals & { optionId: string })[];
  publicUrl: string;
  siteAddress: string;
  conversionPending: boolean;
}

/** The site's address on one line as the locale writes it ("2 Cedar Court, Riverton, IL 60001"). */
export const siteAddressOf = async (deps: Pick<ProposalDeps, 'directory' | 'money'>, p: Pick<Proposal, 'clientId' | 'siteId'>): Promise<string> => {
  const found = await deps.directory.getSite(p.clientId, p.siteId);
  return found ? postalAddressLine(found.site.address, deps.money.locale) : '';
};

export async function toView(deps: ProposalDeps, p: Proposal, siteAddress?: string): Promise<ProposalView> {
  const { converting, retiredTokens: _retired, linkRevokedAt: _revoked, ...rest } = p;
  const status = effectiveStatus(p, today(deps));
  return {
    ...rest,
    linkActive: linkActive(p),
    effectiveStatus: status,
    totals: p.options.map((o) => ({ optionId: o.id, ...totalsOf(p, o) })),
    publicUrl: publicLink(deps, p.publicToken),
    siteAddress: siteAddress ?? (await siteAddressOf(deps, p)),
    conversionPending: converting !== null,
  };
}

export async function presented(deps: ProposalDeps, p: Proposal): Promise<PresentedProposal> {
  const view = presentProposal(p, { company: deps.company, siteAddress: await siteAddressOf(deps, p), today: today(deps) });
  const deposit = p.acceptance ? await depositInvoiceState(deps, p) : null;
  const payable = deposit && deposit.status !== 'draft' && deposit.status !== 'void';
  return {
    ...view,
    onlinePayment: deps.onlinePayment ?? false,
    depositInvoice: payable ? { number: deposit.number, totalCents: deposit.totalCents, balanceCents: deposit.balanceCents, paid: deposit.status === 'paid', token: deposit.publicToken } : null,
  };
}

/** The client's PDF, with the public link to accept at while it is live (never in the public JSON). */
export async function proposalPdfBytes(deps: ProposalDeps, p: Proposal, view?: PresentedProposal): Promise<Uint8Array> {
  return deps.pdf.render(view ?? (await presented(deps, p)), linkActive(p) ? publicLink(deps, p.publicToken) : null, p.createdAt);
}

export async function loadProposal(deps: Pick<ProposalDeps, 'proposals'>, id: string): Promise<Proposal> {
  const p = await deps.proposals.get(id);
  if (!p) throw new DomainError('not-found', 'No such proposal.');
  return p;
}
