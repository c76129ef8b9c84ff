/**
 * What the client sees of a proposal — the public page, the PDF and the e-mail all render this
 * one structure, so they cannot disagree on a figure. Internal fields (IP, token, conversion
 * links, inventory ids) stay out.
 */
import { effectiveStatus, type Proposal, type ProposalStatus } from './proposal.ts';
import { formatMoney, type MoneySettings } from '../shared/money.ts';
import { optionTotals } from './proposal-totals.ts';

export interface CompanyInfo {
  name: string;
  email: string;
  phone: string;
}

export interface PresentedLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  taxRateBp: number;
  netCents: number;
  taxCents: number;
}

export interface PresentedOption {
  id: string;
  tier: string;
  name: string;
  description: string;
  lines: PresentedLine[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  depositCents: number;
}

export interface PresentedProposal {
  number: string;
  title: string;
  status: ProposalStatus;
  company: CompanyInfo;
  clientName: string;
  siteAddress: string;
  options: PresentedOption[];
  depositPercent: number;
  validUntil: string;
  terms: string;
  acceptedOptionId: string | null;
  acceptedName: string | null;
  acceptedAt: string | null;
  declinedAt: string | null;
  canRespond: boolean;
}

export function presentProposal(p: Proposal, context: { company: CompanyInfo; siteAddress: string; today: string }): PresentedProposal {
  const status = effectiveStatus(p, context.today);
  return {
    number: p.number,
    title: p.title,
    status,
    company: context.company,
    clientName: p.clientName,
    siteAddress: context.siteAddress,
    options: p.options.map((o) => {
      const t = optionTotals(o.lines, o.discountCents, p.depositPercent);
      return {
        id: o.id,
        tier: o.tier,
        name: o.name,
        description: o.description,
        lines: o.lines.map((l, i) => ({
          description: l.description,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          taxRateBp: l.taxRateBp,
          netCents: t.lines[i]?.netCents ?? 0,
          taxCents: t.lines[i]?.taxCents ?? 0,
        })),
        subtotalCents: t.subtotalCents,
        discountCents: t.discountCents,
        taxCents: t.taxCents,
        totalCents: t.totalCents,
        depositCents: t.depositCents,
      };
    }),
    depositPercent: p.depositPercent,
    validUntil: p.validUntil,
    terms: p.terms,
    acceptedOptionId: p.acceptance?.optionId ?? null,
    acceptedName: p.acceptance?.name ?? null,
    acceptedAt: p.acceptance?.at ?? null,
    declinedAt: p.decline?.at ?? null,
    canRespond: status === 'sent' || status === 'viewed',
  };
}

/** The client's mail: what it is, the link, the options' totals (in the configured currency); the PDF goes along. */
export function proposalMail(p: PresentedProposal, link: string, money: MoneySettings): { subject: string; text: string } {
  const options = p.options.map((o) => `  - ${o.name}: ${formatMoney(o.totalCents, money)} (deposit ${formatMoney(o.depositCents, money)})`).join('\n');
  return {
    subject: `Proposal ${p.number} from ${p.company.name}: ${p.title}`,
    text: [
      `Hello ${p.clientName},`,
      '',
      `Here is our proposal ${p.number}${p.title ? ` (${p.title})` : ''} for ${p.siteAddress}.`,
      '',
      options,
      '',
      `View it, pick the option you prefer and accept it online (valid until ${p.validUntil}):`,
      link,
      '',
      'The proposal is attached as a PDF too.',
      '',
      `${p.company.name} · ${p.company.phone} · ${p.company.email}`,
    ].join('\n'),
  };
}
