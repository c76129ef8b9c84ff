import { z } from 'zod';
import { LINE_KINDS, OPTION_TIERS, PROPOSAL_STATUSES } from './proposal-labels.ts';

export { LINE_KINDS, OPTION_TIERS, PROPOSAL_STATUSES, TIER_LABELS } from './proposal-labels.ts';
import { text, visitorName } from './text.ts';
import { bpToPercent, centsToDecimal, DEFAULT_MONEY, formatMoney, percentToBp, type MoneySettings } from '../domain/shared/money.ts';
import { amountField, percentField, typedCents } from './form-fields.ts';

/**
 * Proposal API schemas, shared by src/http/routes/proposals.ts and the SPA
 * (web/src/features/proposals, web/src/routes/p.$token.tsx). Money crosses as integer cents,
 * tax rates as basis points. The lists repeat the domain's (contracts import only zod);
 * test/unit/proposals/contracts.test.ts proves they agree.
 */
export const PROPOSAL_SORTS = ['createdAt', 'number', 'validUntil', 'updatedAt'] as const;
export const STATUS_LABELS: Record<(typeof PROPOSAL_STATUSES)[number], string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  converted: 'Converted',
};

const id = z.string().trim().min(1, 'Required.').max(100, '100 characters at most.');
/** The most a unit price or a discount may be, in cents ($10,000,000.00). */
export const MAX_PROPOSAL_CENTS = 10_000_000_00;
const cents = (label: string, min = 0) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be whole cents.`)
    .min(min, `${label} cannot be negative.`)
    .max(MAX_PROPOSAL_CENTS, `${label}: at most ${formatMoney(MAX_PROPOSAL_CENTS)}.`);

export const proposalLineSchema = z
  .object({
    kind: z.enum(LINE_KINDS, { error: 'Pick item or labour.' }),
    description: text('Describe the line.').trim().min(1, 'Describe the line.').max(300, '300 characters at most.'),
    quantity: z.number({ error: 'Quantity must be a number.' }).positive('Quantity must be more than 0.').max(100_000, 'Quantity is too large.'),
    unitPriceCents: cents('Unit price'),
    taxRateBp: z.number({ error: 'Tax rate must be a number.' }).int('Tax rate in whole basis points.').min(0, 'Tax rate cannot be negative.').max(10_000, 'At most 100 %.'),
    itemId: id.nullable().default(null),
  })
  .strict();
export type ProposalLineInput = z.input<typeof proposalLineSchema>;

export const proposalOptionSchema = z
  .object({
    id: id.regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only.'),
    tier: z.enum(OPTION_TIERS, { error: 'Pick good, better or best.' }),
    name: text('Name the option.').trim().min(1, 'Name the option.').max(120, '120 characters at most.'),
    description: z.string().trim().max(2000, '2000 characters at most.').default(''),
    discountCents: cents('Discount').default(0),
    lines: z.array(proposalLineSchema).min(1, 'Add at least one line.').max(100, 'At most 100 lines.'),
  })
  .strict();

export const proposalRequestSchema = z
  .object({
    clientId: id,
    siteId: id,
    title: z.string().trim().max(200, '200 characters at most.').default(''),
    options: z.array(proposalOptionSchema).min(1, 'Give at least one option.').max(3, 'At most three options.'),
    depositPercent: z.number({ error: 'Deposit must be a number.' }).int('A whole percent.').min(0, 'At least 0 %.').max(100, 'At most 100 %.'),
    // The domain checks the date itself, so a mistyped year (0226, 20266) gets a message naming the field.
    validUntil: z.string({ error: 'Valid until: give a date.' }).max(32, 'Valid until: give a date.'),
    terms: z.string().trim().max(10_000, '10 000 characters at most.').default(''),
    cameraPlanId: id.nullable().default(null),
  })
  .strict();
export type ProposalRequest = z.input<typeof proposalRequestSchema>;
export type ProposalRequestParsed = z.output<typeof proposalRequestSchema>;

export const bomDraftRequestSchema = z
  .object({
    clientId: id,
    siteId: id,
    title: z.string().trim().max(200).default('Camera system'),
    cameraPlanId: id.nullable().default(null),
    lines: z.array(proposalLineSchema).min(1, 'The bill of materials is empty.').max(100),
  })
  .strict();

export const proposalListQuerySchema = z.object({
  status: z.enum(PROPOSAL_STATUSES).optional(),
  search: z.string().max(100).default(''),
  sort: z.enum(PROPOSAL_SORTS).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(1000).optional(),
});

export const proposalIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const tokenParamsSchema = z.object({ token: z.string().min(1).max(100) });
export const sendRequestSchema = z.object({ to: z.email('Enter a valid e-mail address.').max(254).optional() }).strict();
export const acceptRequestSchema = z
  .object({
    optionId: z.string().min(1, 'Pick one of the options.').max(100),
    name: visitorName(),
    // Missing ones are refused by the use case, at their field, in words ("Tick “I agree” …").
    agreed: z.boolean().default(false),
    /** The drawn signature, a PNG data URL (at most 300 KB of PNG). */
    signature: z.string().max(900_000, 'The signature image is too large (at most 300 KB). Clear the pad and sign again.').default(''),
    /** Where to mail the signed copy; empty: the address on file. */
    email: z.union([z.literal(''), z.email('Enter a valid e-mail address, or leave it empty to use the one we have on file.').max(254)]).optional(),
  })
  .strict();
/** What the public page sends to accept (the SPA's type for the request). */
export type AcceptRequest = z.input<typeof acceptRequestSchema>;
export const declineRequestSchema = z.object({ reason: z.string().trim().max(1000, '1000 characters at most.').default('') }).strict();

// ---- responses ------------------------------------------------------------------------------

const lineSchema = z.object({ kind: z.enum(LINE_KINDS), description: z.string(), quantity: z.number(), unitPriceCents: z.number(), taxRateBp: z.number(), itemId: z.string().nullable() });
const totalsSchema = z.object({
  optionId: z.string(),
  lines: z.array(z.object({ netCents: z.number(), discountCents: z.number(), taxCents: z.number() })),
  subtotalCents: z.number(),
  discountCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  depositCents: z.number(),
});

export const proposalSchema = z.object({
  id: z.string(),
  number: z.string(),
  clientId: z.string(),
  siteId: z.string(),
  clientName: z.string(),
  siteAddress: z.string(),
  title: z.string(),
  options: z.array(z.object({ id: z.string(), tier: z.enum(OPTION_TIERS), name: z.string(), description: z.string(), discountCents: z.number(), lines: z.array(lineSchema) })),
  depositPercent: z.number(),
  validUntil: z.string(),
  terms: z.string(),
  cameraPlanId: z.string().nullable(),
  status: z.enum(PROPOSAL_STATUSES),
  effectiveStatus: z.enum(PROPOSAL_STATUSES),
  publicToken: z.string(),
  publicUrl: z.string(),
  /** False once staff revoked the link or the client declined. */
  linkActive: z.boolean(),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  acceptance: z
    .object({
      optionId: z.string(),
      name: z.string(),
      at: z.string(),
      ip: z.string(),
      // Signed acceptances only (drawn signature and certificate, /api/proposals/:id/certificate).
      email: z.string().nullish(),
      userAgent: z.string().nullish(),
      documentSha256: z.string().nullish(),
    })
    .nullable(),
  decline: z.object({ reason: z.string(), at: z.string(), ip: z.string() }).nullable(),
  conversion: z.object({ jobId: z.string(), jobNumber: z.string(), invoiceId: z.string().nullable(), invoiceNumber: z.string().nullable(), at: z.string() }).nullable(),
  conversionPending: z.boolean(),
  /** The deposit invoice issued when the customer accepted (conversion keeps it); absent on older acceptances. */
  depositInvoice: z.object({ id: z.string().nullable(), number: z.string().nullable(), claimedAt: z.string() }).nullish(),
  totals: z.array(totalsSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProposalDto = z.infer<typeof proposalSchema>;

export const proposalListResponseSchema = z.object({ items: z.array(proposalSchema), nextCursor: z.string().nullable() });
export type ProposalListResponse = z.infer<typeof proposalListResponseSchema>;

export const publicProposalSchema = z.object({
  number: z.string(),
  title: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  company: z.object({ name: z.string(), email: z.string(), phone: z.string(), paymentInstructions: z.string().optional() }),
  clientName: z.string(),
  siteAddress: z.string(),
  options: z.array(
    z.object({
      id: z.string(),
      tier: z.string(),
      name: z.string(),
      description: z.string(),
      lines: z.array(z.object({ description: z.string(), quantity: z.number(), unitPriceCents: z.number(), taxRateBp: z.number(), netCents: z.number(), taxCents: z.number() })),
      subtotalCents: z.number(),
      discountCents: z.number(),
      taxCents: z.number(),
      totalCents: z.number(),
      depositCents: z.number(),
    }),
  ),
  depositPercent: z.number(),
  validUntil: z.string(),
  terms: z.string(),
  acceptedOptionId: z.string().nullable(),
  acceptedName: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  canRespond: z.boolean(),
  depositInvoice: z.object({ number: z.string(), totalCents: z.number(), balanceCents: z.number(), paid: z.boolean(), token: z.string().nullable() }).nullable(),
  onlinePayment: z.boolean(),
});
export type PublicProposal = z.infer<typeof publicProposalSchema>;

// ---- the editor form (text inputs; dollars and percent, converted by toProposalRequest) ------

/** The editor's schema for the configured currency and locale (what amounts a person may type). */
export const proposalFormSchemaFor = (money: MoneySettings) => {
  const dollars = (label: string) => amountField(label, money, MAX_PROPOSAL_CENTS);
  return z.object({
  clientId: z.string().min(1, 'Pick a client.'),
  siteId: z.string().min(1, 'Pick one of the client’s sites.'),
  title: z.string().max(200, '200 characters at most.'),
  depositPercent: z.string().trim().regex(/^(100|\d{1,2})\s*%?$/, 'Deposit: a whole percent from 0 to 100, such as 30.'),
  validUntil: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Valid until: give a date.'),
  terms: z.string().max(10_000, '10 000 characters at most.'),
  cameraPlanId: z.string().max(100),
  options: z
    .array(
      z.object({
        id: z.string().min(1),
        tier: z.enum(OPTION_TIERS),
        name: z.string().trim().min(1, 'Name the option.').max(120, '120 characters at most.'),
        description: z.string().max(2000, '2000 characters at most.'),
        discount: dollars('Discount'),
        lines: z
          .array(
            z.object({
              kind: z.enum(LINE_KINDS),
              description: z.string().trim().min(1, 'Describe the line.').max(300, '300 characters at most.'),
              quantity: z.string().trim().regex(/^\d{1,5}(\.\d{1,2})?$/, 'Quantity: like 2 or 1.5.').refine((q) => Number(q) > 0, 'Quantity must be more than 0.'),
              unitPrice: dollars('Unit price'),
              taxRate: percentField('Tax rate'),
              itemId: z.string(),
            }),
          )
          .min(1, 'Add at least one line.'),
      }),
    )
    .min(1, 'Give at least one option.')
    .max(3, 'At most three options.'),
  });
};
export const proposalFormSchema = proposalFormSchemaFor(DEFAULT_MONEY);
export type ProposalForm = z.infer<typeof proposalFormSchema>;
export type ProposalFormLine = ProposalForm['options'][number]['lines'][number];

export function toProposalRequest(f: ProposalForm, money: MoneySettings = DEFAULT_MONEY): ProposalRequestParsed {
  return {
    clientId: f.clientId,
    siteId: f.siteId,
    title: f.title.trim(),
    depositPercent: Number(f.depositPercent.replace('%', '').trim()),
    validUntil: f.validUntil,
    terms: f.terms.trim(),
    cameraPlanId: f.cameraPlanId.trim() || null,
    options: f.options.map((o) => ({
      id: o.id,
      tier: o.tier,
      name: o.name.trim(),
      description: o.description.trim(),
      discountCents: typedCents(o.discount, money),
      lines: o.lines.map((l) => ({
        kind: l.kind,
        description: l.description.trim(),
        quantity: Number(l.quantity),
        unitPriceCents: typedCents(l.unitPrice, money),
        taxRateBp: percentToBp(l.taxRate),
        itemId: l.kind === 'item' && l.itemId ? l.itemId : null,
      })),
    })),
  };
}

export const emptyLine = (kind: ProposalFormLine['kind'] = 'labour'): ProposalFormLine => ({ kind, description: '', quantity: '1', unitPrice: '0.00', taxRate: '0', itemId: '' });

export function toProposalForm(p: ProposalDto | null, defaults: { validUntil: string; optionId: string }): ProposalForm {
  if (!p) {
    return {
      clientId: '',
      siteId: '',
      title: '',
      depositPercent: '30',
      validUntil: defaults.validUntil,
      terms: '',
      cameraPlanId: '',
      options: [{ id: defaults.optionId, tier: 'good', name: '', description: '', discount: '0.00', lines: [emptyLine()] }],
    };
  }
  return {
    clientId: p.clientId,
    siteId: p.siteId,
    title: p.title,
    depositPercent: String(p.depositPercent),
    validUntil: p.validUntil,
    terms: p.terms,
    cameraPlanId: p.cameraPlanId ?? '',
    options: p.options.map((o) => ({
      id: o.id,
      tier: o.tier,
      name: o.name,
      description: o.description,
      discount: centsToDecimal(o.discountCents),
      lines: o.lines.map((l) => ({ kind: l.kind, description: l.description, quantity: String(l.quantity), unitPrice: centsToDecimal(l.unitPriceCents), taxRate: bpToPercent(l.taxRateBp), itemId: l.itemId ?? '' })),
    })),
  };
}
