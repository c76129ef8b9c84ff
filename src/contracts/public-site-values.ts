/**
 * The value lists of the public-site contracts, without zod: route search parsers in the SPA
 * use them, and route definitions are not code-split, so importing zod there would put it in
 * every page's entry bundle.
 */
export const QUOTE_SERVICES = ['alarm', 'cameras', 'prewire', 'panel-upgrade', 'consultation'] as const;
export const LEAD_STATUS_VALUES = ['new', 'contacted', 'converted', 'proposal-sent', 'won', 'lost', 'spam'] as const;
/** A lead's status as the leads screen, its filter and the client page say it. */
export const LEAD_STATUS_LABELS: Readonly<Record<(typeof LEAD_STATUS_VALUES)[number], string>> = {
  new: 'New',
  contacted: 'Contacted',
  converted: 'Converted',
  'proposal-sent': 'Proposal sent',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};
export const REVIEW_STATUS_VALUES = ['pending', 'published', 'rejected'] as const;
export const MESSAGE_STATUS_VALUES = ['new', 'answered', 'archived'] as const;
export const MESSAGE_KINDS = ['contact', 'support'] as const;
/** Where a message came from, in words: the contact page's form or the support page's. */
export const MESSAGE_KIND_LABELS: Readonly<Record<(typeof MESSAGE_KINDS)[number], string>> = { contact: 'Contact form', support: 'Support request' };

/** A search parameter that must be one of `values`; anything else is dropped. */
export function oneOf<const T extends string>(values: readonly T[], input: unknown): T | undefined {
  return typeof input === 'string' && (values as readonly string[]).includes(input) ? (input as T) : undefined;
}
