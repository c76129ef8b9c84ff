/**
 * A proposal: one to three priced options (good / better / best) for a client's site, sent to
 * the client through an unguessable public link, accepted (one option, typed name, time, IP) or
 * declined, then converted into a job and a deposit invoice.
 *
 * Status path: draft → sent → viewed → accepted | declined | expired → converted (accepted only).
 * `expired` is also computed: a sent or viewed proposal whose valid-until date (company time
 * zone) has passed reads as expired and cannot be accepted, without anyone writing it.
 */
import { DomainError, type FieldErrors } from '../shared/domain-error.ts';
import { revokeLink } from '../shared/public-link.ts';
import { addDays, datePlausibility, daysBetween, type DateWindow } from '../shared/calendar-date.ts';
import { DEFAULT_MONEY, formatMoney, type MoneySettings } from '../shared/money.ts';
import { searchWords, wordPrefixes } from '../shared/search.ts';
import { optionTotals, type OptionTotals } from './proposal-totals.ts';
import { agreeStatement } from './agree-statement.ts';

export const PROPOSAL_STATUSES = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'converted'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const OPTION_TIERS = ['good', 'better', 'best'] as const;
export type OptionTier = (typeof OPTION_TIERS)[number];

export const LINE_KINDS = ['item', 'labour'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const MAX_OPTIONS = 3;
export const MAX_LINES = 100;

const NEXT: Record<ProposalStatus, readonly ProposalStatus[]> = {
  draft: ['sent'],
  sent: ['viewed', 'accepted', 'declined', 'expired'],
  viewed: ['accepted', 'declined', 'expired'],
  accepted: ['converted'],
  declined: [],
  expired: [],
  converted: [],
};

export interface ProposalLine {
  kind: LineKind;
  description: string;
  /** Units; hundredths allowed (hours of labour). */
  quantity: number;
  unitPriceCents: number;
  taxRateBp: number;
  /** The inventory item, for item lines. */
  itemId: string | null;
}

export interface ProposalOption {
  id: string;
  tier: OptionTier;
  name: string;
  description: string;
  discountCents: number;
  lines: ProposalLine[];
}

export interface Acceptance {
  optionId: string;
  name: string;
  at: string;
  ip: string;
  // The signed acceptance (issue 17); acceptances made before it have none of these.
  /** Where the signed copy went: typed by the signer, else the client's contact e-mail. */
  email?: string | null;
  userAgent?: string | null;
  /** The drawn (or typed-and-rendered) signature, a PNG in file storage. */
  signaturePath?: string | null;
  /** SHA-256 (hex) of the proposal PDF exactly as it stood when the client accepted it. */
  documentSha256?: string | null;
  /** The certified PDF (the proposal plus the acceptance certificate page) in file storage. */
  certificatePath?: string | null;
}

/** What the signer gives and the server observes when a proposal is accepted. */
export interface AcceptanceInput {
  optionId: string;
  name: string;
  /** The "I agree to this proposal and its terms" box. */
  agreed: boolean;
  ip: string;
  email: string | null;
  userAgent: string | null;
  signaturePath: string | null;
  documentSha256: string | null;
}

export interface Decline {
  reason: string;
  at: string;
  ip: string;
}

export interface Conversion {
  jobId: string;
  jobNumber: string;
  /** Null when the deposit is 0 % (nothing to bill up front). */
  invoiceId: string | null;
  invoiceNumber: string | null;
  at: string;
}

export interface ProposalContent {
  clientId: string;
  siteId: string;
  title: string;
  options: ProposalOption[];
  /** Whole percent 0–100 of the chosen option's total, billed when the customer accepts (or, for older acceptances, on conversion). */
  depositPercent: number;
  /** YYYY-MM-DD, last day the client may accept (company time zone). */
  validUntil: string;
  terms: string;
  /** A camera plan from the planner, kept as an opaque id. */
  cameraPlanId: string | null;
}

export interface Proposal extends ProposalContent {
  id: string;
  number: string;
  /** The client's name when the proposal was last saved (lists, search, mail). */
  clientName: string;
  status: ProposalStatus;
  publicToken: string;
  /** The link switched off (staff, or the client declined); see domain/shared/public-link.ts. */
  linkRevokedAt?: string | null;
  /** Former tokens: they answer "no longer valid". */
  retiredTokens?: string[];
  sentAt: string | null;
  viewedAt: string | null;
  acceptance: Acceptance | null;
  decline: Decline | null;
  conversion: Conversion | null;
  /** Steps of a conversion under way (or interrupted), so a retry never doubles one. */
  converting: ConversionProgress | null;
  /** The deposit invoice issued when the customer accepted (conversion reuses it); absent on proposals accepted before that. */
  depositInvoice?: DepositInvoiceRef | null;
  createdAt: string;
  updatedAt: string;
}

/** The deposit invoice of an acceptance: claimed first (`id` null) so two finishers never issue two. */
export interface DepositInvoiceRef {
  id: string | null;
  number: string | null;
  claimedAt: string;
}

export interface ConversionProgress {
  /** When the running attempt started; '' once it ended without finishing (a retry may resume). */
  startedAt: string;
  reserved: boolean;
  jobId: string | null;
  jobNumber: string | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** PRO-YYYY-NNNN; the counter is per year and grows past 9999 if it must. */
export const formatProposalNumber = (year: number, seq: number): string => `PRO-${year}-${String(seq).padStart(4, '0')}`;

const refuse = (message: string): never => {
  throw new DomainError('conflict', message);
};

/** Valid-until at most a year back (an old draft) and a year ahead: no 1999, 0226 or 20266 typos. */
export const VALID_UNTIL_WINDOW: DateWindow = { pastDays: 365, futureDays: 365 };

/** Today in the company time zone and the configured money settings, for date rules and messages. */
export interface ProposalCalendar {
  today: string;
  money: MoneySettings;
}

/** The invariants the schema cannot see: option tiers, discounts within subtotals, dates. */
export function checkContent(c: ProposalContent, calendar?: ProposalCalendar): void {
  const money = calendar?.money ?? DEFAULT_MONEY;
  const fields: FieldErrors = {};
  const add = (k: string, m: string) => (fields[k] ??= []).push(m);
  if (c.options.length < 1 || c.options.length > MAX_OPTIONS) add('options', `Give one to ${MAX_OPTIONS} options.`);
  const tiers = new Set<string>();
  const ids = new Set<string>();
  c.options.forEach((o, i) => {
    if (tiers.has(o.tier)) add(`options.${i}.tier`, 'Each option needs its own tier (good, better, best).');
    tiers.add(o.tier);
    if (ids.has(o.id)) add(`options.${i}.id`, 'Option ids must differ.');
    ids.add(o.id);
    if (o.name.trim() === '') add(`options.${i}.name`, 'Name the option.');
    if (o.lines.length === 0) add(`options.${i}.lines`, 'Add at least one line.');
    if (o.lines.length > MAX_LINES) add(`options.${i}.lines`, `At most ${MAX_LINES} lines.`);
    o.lines.forEach((l, j) => {
      if (l.kind === 'item' && !l.itemId) add(`options.${i}.lines.${j}.itemId`, 'Pick the inventory item.');
      if (!(l.quantity > 0) || Math.abs(l.quantity * 100 - Math.round(l.quantity * 100)) > 1e-6) add(`options.${i}.lines.${j}.quantity`, 'Quantity: more than 0, at most two decimals.');
    });
    const t = optionTotals(o.lines, 0, 0);
    if (o.discountCents < 0 || o.discountCents > t.subtotalCents)
      add(`options.${i}.discountCents`, `Discount: between ${formatMoney(0, money)} and the option's subtotal, ${formatMoney(t.subtotalCents, money)}.`);
  });
  if (!Number.isInteger(c.depositPercent) || c.depositPercent < 0 || c.depositPercent > 100) add('depositPercent', 'Deposit: a whole percent from 0 to 100.');
  const dateProblem = calendar ? datePlausibility('Valid until', c.validUntil, calendar.today, VALID_UNTIL_WINDOW, money.locale) : DATE.test(c.validUntil) ? null : 'Valid until: give a date.';
  if (dateProblem) add('validUntil', dateProblem);
  // The first specific message on top (what the form shows), never a generic "check the fields".
  const first = Object.values(fields)[0]?.[0];
  if (first) throw new DomainError('validation', first, fields);
}

export function newProposal(
  input: ProposalContent,
  ids: { id: string; number: string; publicToken: string; clientName: string },
  now: Date,
  calendar?: ProposalCalendar,
): Proposal {
  checkContent(input, calendar);
  const at = now.toISOString();
  return {
    ...input,
    ...ids,
    status: 'draft',
    sentAt: null,
    viewedAt: null,
    acceptance: null,
    decline: null,
    conversion: null,
    converting: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** The status as the client and staff see it today: sent/viewed past valid-until reads expired. */
export function effectiveStatus(p: Pick<Proposal, 'status' | 'validUntil'>, today: string): ProposalStatus {
  if ((p.status === 'sent' || p.status === 'viewed') && today > p.validUntil) return 'expired';
  return p.status;
}

export const nextProposalStatuses = (s: ProposalStatus): readonly ProposalStatus[] => NEXT[s];

function move(p: Proposal, to: ProposalStatus, today: string): ProposalStatus {
  const from = effectiveStatus(p, today);
  if (from === 'expired' && to === 'accepted') refuse(`Proposal ${p.number} expired on ${p.validUntil} and can no longer be accepted.`);
  if (!NEXT[from].includes(to)) refuse(`A proposal that is '${from}' cannot become '${to}'.`);
  return to;
}

export function updateDraft(p: Proposal, content: ProposalContent, now: Date, calendar?: ProposalCalendar): Proposal {
  if (p.status !== 'draft') refuse(`Only a draft can be changed; ${p.number} is '${p.status}'. Duplicate it to make a new version.`);
  checkContent(content, calendar);
  return { ...p, ...content, updatedAt: now.toISOString() };
}

/** Sending a draft makes it 'sent'; sending again (a reminder) keeps its status. */
export function markSent(p: Proposal, now: Date, today: string): Proposal {
  const status = effectiveStatus(p, today);
  if (status === 'sent' || status === 'viewed') return { ...p, sentAt: now.toISOString(), updatedAt: now.toISOString() };
  if (status === 'draft' && p.validUntil < today) {
    throw new DomainError('validation', `Valid-until (${p.validUntil}) has passed; move it later before sending.`, { validUntil: ['Must be today or later.'] });
  }
  move(p, 'sent', today);
  return { ...p, status: 'sent', sentAt: now.toISOString(), updatedAt: now.toISOString() };
}

/** The first time the client opens the link; later views change nothing. */
export function markViewed(p: Proposal, now: Date): { proposal: Proposal; first: boolean } {
  if (p.status !== 'sent') return { proposal: p, first: false };
  return { proposal: { ...p, status: 'viewed', viewedAt: now.toISOString(), updatedAt: now.toISOString() }, first: true };
}

/**
 * The client's acceptance. Checked before anything is stored (`checkAcceptance`) and again in the
 * transaction that stores it, so a second accept (a double click, a retry) is refused with when
 * the first one happened. `formatWhen` writes that time as the business writes it.
 */
export function accept(p: Proposal, input: AcceptanceInput, now: Date, today: string, formatWhen: (iso: string) => string = (iso) => iso): Proposal {
  const name = checkAcceptance(p, input, today, formatWhen);
  const at = now.toISOString();
  const { optionId, ip, email, userAgent, signaturePath, documentSha256 } = input;
  return { ...p, status: 'accepted', acceptance: { optionId, name, at, ip, email, userAgent, signaturePath, documentSha256, certificatePath: null }, updatedAt: at };
}

/** The signer's name, tidied, once the proposal may be accepted with this input; else the refusal. */
export function checkAcceptance(p: Proposal, input: Pick<AcceptanceInput, 'optionId' | 'name' | 'agreed'>, today: string, formatWhen: (iso: string) => string = (iso) => iso): string {
  if (p.acceptance) throw new DomainError('conflict', `This proposal was already accepted on ${formatWhen(p.acceptance.at)}.`);
  move(p, 'accepted', today);
  const errors: FieldErrors = {};
  if (!p.options.some((o) => o.id === input.optionId)) errors['optionId'] = ['Pick one of the options.'];
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < 2) errors['name'] = ['Type your full name to accept.'];
  if (!input.agreed) errors['agreed'] = [`Tick “${agreeStatement(p)}” to accept.`];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new DomainError('validation', first, errors);
  return name;
}

/** The stored certified PDF, once it is made (after the acceptance itself is saved). */
export function withCertificate(p: Proposal, certificatePath: string): Proposal {
  if (!p.acceptance) refuse(`Proposal ${p.number} has not been accepted.`);
  return { ...p, acceptance: { ...p.acceptance!, certificatePath } };
}

export function decline(p: Proposal, input: { reason: string; ip: string }, now: Date, today: string): Proposal {
  move(p, 'declined', today);
  const at = now.toISOString();
  // A declined proposal's link dies: the answer page shows the decline once, then the link is gone.
  return { ...revokeLink(p, now), status: 'declined', decline: { reason: input.reason.trim(), at, ip: input.ip }, updatedAt: at };
}

export function markConverted(p: Proposal, conversion: Conversion, today: string): Proposal {
  if (p.status === 'converted') refuse(`Proposal ${p.number} is already converted (job ${p.conversion?.jobNumber ?? '?'}).`);
  move(p, 'converted', today);
  return { ...p, status: 'converted', conversion, converting: null, updatedAt: conversion.at };
}

export function chosenOption(p: Proposal): ProposalOption {
  const o = p.acceptance ? p.options.find((x) => x.id === p.acceptance?.optionId) : undefined;
  if (!o) return refuse(`Proposal ${p.number} has no accepted option.`);
  return o;
}

export const totalsOf = (p: Pick<Proposal, 'depositPercent'>, o: ProposalOption): OptionTotals => optionTotals(o.lines, o.discountCents, p.depositPercent);

/**
 * A new draft with the same content (for a new version after sending), valid from today for as
 * many days as the original was (1 to 365 days).
 */
export function duplicateContent(p: Proposal, today: string): ProposalContent {
  const span = Math.min(VALID_UNTIL_WINDOW.futureDays, Math.max(1, daysBetween(p.createdAt.slice(0, 10), p.validUntil)));
  return {
    clientId: p.clientId,
    siteId: p.siteId,
    title: p.title,
    options: p.options.map((o) => ({ ...o, lines: o.lines.map((l) => ({ ...l })) })),
    depositPercent: p.depositPercent,
    validUntil: addDays(today, span),
    terms: p.terms,
    cameraPlanId: p.cameraPlanId,
  };
}

/** Public tokens: 32 base64url characters (≥ 192 bits) — anything else is not looked up. */
export const isWellFormedToken = (t: string): boolean => /^[A-Za-z0-9_-]{32,64}$/.test(t);

/** Proposal words keep their hyphens, so "pro-2026-00" is one prefix of the number. */
const PROPOSAL_WORDS = { keep: '-' };

/**
 * Search terms: every prefix (2–20 characters) of each word of the number, title and client
 * name, so one indexed `array-contains` finds "smi" → Smith and "0042" → PRO-2026-0042.
 */
export function proposalSearchTerms(p: Pick<Proposal, 'number' | 'title' | 'clientName'>): string[] {
  const words = searchWords(`${p.number} ${p.number.replace(/-/g, ' ')} ${p.title} ${p.clientName}`, PROPOSAL_WORDS);
  return wordPrefixes(words, 2, 20).slice(0, 400);
}

/** The term a typed search looks up: the words of its first part, the first of them cut to 20 characters. */
export const searchTerm = (text: string): string | null => {
  const w = searchWords(text.trim().split(/\s+/)[0] ?? '', PROPOSAL_WORDS)[0] ?? '';
  return w.length >= 2 ? w.slice(0, 20) : null;
};
