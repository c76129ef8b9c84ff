/**
 * The words of the "I agree" box the client ticks to accept a proposal, as the public page shows
 * them, the refusal names them and the acceptance certificate quotes them. A proposal without
 * terms asks for no agreement to any. No imports: the public proposal page loads it.
 */
export const agreeStatement = (p: { terms: string }): string => (p.terms.trim() ? 'I agree to this proposal and its terms' : 'I agree to this proposal');
