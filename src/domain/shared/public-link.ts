/**
 * A document's public link (invoices /i/<token>, proposals /p/<token>): the one rule for
 * revoking and rotating it (issue 15 finding 6). The document keeps its current token, when
 * the link was switched off, and the tokens it had before, so an old link is recognised and
 * answers "no longer valid" (410) instead of "no such link", and shows none of the customer's
 * data either way. Staff revoke (the link stops working) or rotate (a new token, the old one
 * dead: "sent to the wrong person"); voiding an invoice and declining a proposal revoke.
 */
import { DomainError } from './domain-error.ts';

export interface PublicLinkState {
  publicToken: string;
  /** When the link was switched off; null or absent while it works. */
  linkRevokedAt?: string | null;
  /** Tokens this document had before; absent on documents written before links could rotate. */
  retiredTokens?: string[];
}

/** The link as the back office shows it: where it points and whether it opens. */
export interface PublicLinkView {
  url: string;
  active: boolean;
}

/** Former tokens kept to answer "no longer valid"; older ones read as unknown links (404). */
export const MAX_RETIRED_TOKENS = 20;

export const LINK_REVOKED = 'link-revoked';
export const LINK_ROTATED = 'link-rotated';

export const linkActive = (doc: PublicLinkState): boolean => !doc.linkRevokedAt;

/** True when `token` opens the document now: its current token, and not switched off. */
export const linkIsLive = (doc: PublicLinkState, token: string): boolean => linkActive(doc) && doc.publicToken === token;

/** Switches the link off; the same object back when it already is (nothing to write). */
export function revokeLink<T extends PublicLinkState>(doc: T, now: Date): T {
  return doc.linkRevokedAt ? doc : { ...doc, linkRevokedAt: now.toISOString() };
}

/** A new token in force; the current one joins the retired ones. */
export function rotateLink<T extends PublicLinkState>(doc: T, token: string): T {
  return { ...doc, publicToken: token, linkRevokedAt: null, retiredTokens: [...(doc.retiredTokens ?? []), doc.publicToken].slice(-MAX_RETIRED_TOKENS) };
}

/** The audit change for a link action; never the token itself (it is the key to the document). */
export const linkChange = (before: PublicLinkState, after: 'revoked' | 'new link') => ({ field: 'publicLink', from: linkActive(before) ? 'active' : 'revoked', to: after });

/** What a dead link answers: who to contact, nothing about the document or the customer. */
export function linkGone(company: { name: string; phone?: string; email?: string }): DomainError {
  const how = [company.phone, company.email].filter((x) => x && x.trim() !== '').join(' or ');
  return new DomainError('gone', `This link is no longer valid. Please contact ${company.name} for a current one${how ? `: ${how}` : ''}.`);
}
