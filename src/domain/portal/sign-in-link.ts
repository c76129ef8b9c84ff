/**
 * A customer's one-time sign-in link (docs/portal.md): a random token e-mailed to an address
 * that is a client contact. Opening it once, within 15 minutes, signs the person in as a
 * customer of that e-mail, never as staff. The store keeps only the token's hash (SecretTokens),
 * so a copy of the database signs nobody in.
 */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;

export type SignInLinkOutcome = { kind: 'ok'; email: string } | { kind: 'used' } | { kind: 'expired' } | { kind: 'unknown' };

export interface SignInLinkStore {
  /** Stores the link for `email` under the token's hash; it works until `expiresAt`. */
  issue(tokenHash: string, email: string, expiresAt: Date): Promise<void>;
  /** Marks the link used, atomically: of two openings at once, one gets 'ok'. */
  consume(tokenHash: string, now: Date): Promise<SignInLinkOutcome>;
}

export const USED_LINK_MESSAGE = 'This sign-in link has already been used. Ask for a new one below.';
export const EXPIRED_LINK_MESSAGE = 'This sign-in link has expired (links work for 15 minutes). Ask for a new one below.';
export const UNKNOWN_LINK_MESSAGE = 'This sign-in link is not valid. Ask for a new one below.';
/** The one answer to every request for a link, whether or not the address is a client's. */
export const LINK_SENT_MESSAGE = 'If this e-mail belongs to one of our clients, a sign-in link is on its way. It works once, for 15 minutes.';
