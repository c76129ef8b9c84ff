/**
 * The proposal vocabulary without zod, so the client's public proposal page (/p/<token>) can
 * show labels without loading the schema library. src/contracts/proposals.ts re-exports it.
 */
export const PROPOSAL_STATUSES = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'converted'] as const;
export const OPTION_TIERS = ['good', 'better', 'best'] as const;
export const LINE_KINDS = ['item', 'labour'] as const;
export const TIER_LABELS: Record<(typeof OPTION_TIERS)[number], string> = { good: 'Good', better: 'Better', best: 'Best' };
