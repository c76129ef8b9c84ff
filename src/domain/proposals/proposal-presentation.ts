/**
 * What the client sees of a proposal — the public page, the PDF and the e-mail all render this
 * one structure, so they cannot disagree on a figure. Internal fields (IP, token, conversion
 * links, inventory ids) stay out.
 */
import { effectiveStatus, type Proposal, type ProposalStatus } from './proposal.ts';
import { formatMoney, type MoneySettings } from '../shared/money.ts';
import { formatCalendarDay } from '../shared/calendar-date.ts';
import { numberFormat } from '../shared/intl-format.ts';
import { optionTotals } from './proposal-totals.ts';
import { greeting } from '../clients/contact-greeting.ts';

export interface CompanyInfo {
  name: string;
  email: string;
  phone: string;
  /** How to pay (config: PAYMENT_INSTRUCTIONS), the words every invoice prints; says how the deposit is paid. */
  paymentInstructions?: string;
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
  /** Once accepted: the deposit invoice issued then (null without a deposit, or before it exists). */
  depositInvoice: PresentedDepositInvoice | null;
  /** A payment provider is configured: the accepted page offers "Pay the deposit now". */
  onlinePayment: boolean;
}

export interface PresentedDepositInvoice {
  number: string;
  totalCents: number;
  balanceCents: number;
  paid: boolean;
  /** The invoice's public page (/i/<token>) where it is paid; null while staff switched its link off. */
  token: string | null;
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
    depositInvoice: null,
    onlinePayment: false,
  };
}

const contactLine = (c: CompanyInfo): string => {
  const ways = [c.phone.trim() ? `call ${c.phone.trim()}` : '', c.email.trim() ? `write to ${c.email.trim()}` : ''].filter(Boolean);
  return ways.length > 0 ? `Questions? Please ${ways.join(' or ')}.` : '';
};

/**
 * "How to accept" (the PDF prints it; the page is where it happens): where to go (`link`, the
 * public page; null while revoked), what to do, until when. Null once the client has answered or
 * the proposal has expired.
 */
export function acceptanceGuide(p: PresentedProposal, link: string | null, locale: string): string[] | null {
  if (p.status !== 'draft' && p.status !== 'sent' && p.status !== 'viewed') return null;
  const where = link
    ? `Open ${link}, choose the option you prefer, type your full name, sign, tick “I agree” and press Accept.`
    : `Tell us which option you choose: ${[p.company.phone, p.company.email].map((x) => x.trim()).filter(Boolean).join(' or ')}.`;
  return [where, `This proposal is valid until ${formatCalendarDay(p.validUntil, locale, 'words')}.`, contactLine(p.company)].filter(Boolean);
}

/**
 * The deposit and how it is paid (PDF and public page): how much for each option (or the one
 * chosen), that the deposit invoice (due on receipt) is issued at acceptance, and the company's
 * payment instructions, the words every invoice's "How to pay" prints. Null without a deposit.
 */
export function depositGuide(p: PresentedProposal, money: MoneySettings): string[] | null {
  const chosen = p.options.find((o) => o.id === p.acceptedOptionId);
  const options = (chosen ? [chosen] : p.options).filter((o) => o.depositCents > 0);
  if (p.depositPercent <= 0 || options.length === 0) return null;
  const percent = `${numberFormat(money.locale, { maximumFractionDigits: 2 }).format(p.depositPercent)} %`;
  const amounts = options.map((o) => `${o.name} ${formatMoney(o.depositCents, money)}`).join('; ');
  const instructions = (p.company.paymentInstructions ?? '').trim();
  return [
    chosen ? `Deposit due on acceptance: ${percent} of the total, ${amounts}.` : `A deposit of ${percent} of the chosen option's total is due on acceptance: ${amounts}.`,
    p.depositInvoice
      ? `Deposit invoice ${p.depositInvoice.number}, due on receipt, was issued when you accepted; the deposit is deducted from the final invoice.`
      : 'When you accept, the deposit invoice is issued at once, due on receipt, and you can pay it from this page; the deposit is deducted from the final invoice.',
    ...(instructions ? [`How to pay: ${instructions}`] : []),
  ];
}

/** The client's mail: what it is, the link, the options' totals (in the configured currency); the PDF goes along. It greets `contactName`, the person it is addressed to. */
export function proposalMail(p: PresentedProposal, link: string, money: MoneySettings, contactName: string | null = null): { subject: string; text: string } {
  const options = p.options.map((o) => `  - ${o.name}: ${formatMoney(o.totalCents, money)} (deposit ${formatMoney(o.depositCents, money)})`).join('\n');
  return {
    subject: `Proposal ${p.number} from ${p.company.name}: ${p.title}`,
    text: [
      greeting(contactName),
      '',
      `Here is our proposal ${p.number}${p.title ? ` (${p.title})` : ''} for ${p.siteAddress}.`,
      '',
      options,
      '',
      `View it, pick the option you prefer and accept it online (valid until ${formatCalendarDay(p.validUntil, money.locale, 'words')}):`,
      link,
      '',
      'The proposal is attached as a PDF too.',
      '',
      `${p.company.name} · ${p.company.phone} · ${p.company.email}`,
    ].join('\n'),
  };
}
