import { normaliseEmail, type SignedInUser } from '../../domain/auth/permissions.ts';
import { EXPIRED_LINK_MESSAGE, LINK_SENT_MESSAGE, SIGN_IN_LINK_TTL_MS, UNKNOWN_LINK_MESSAGE, USED_LINK_MESSAGE } from '../../domain/portal/sign-in-link.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { PortalDeps } from './portal-deps.ts';
import { contactNameFor, greeting } from '../../domain/clients/contact-greeting.ts';

/**
 * A customer without Google asks for a sign-in link (docs/portal.md). Public by design: the
 * answer is the same whether or not the address is a client contact, so the form tells nobody
 * who our clients are. Only a contact's address is sent a link; the route rate-limits requests
 * per address. The mail goes through the outbox like every other.
 */
export async function requestSignInLink(deps: Pick<PortalDeps, 'directory' | 'links' | 'tokens' | 'mail' | 'clock' | 'company' | 'baseUrl'>, input: { email: string }): Promise<{ message: string }> {
  const email = normaliseEmail(input.email);
  const clients = await deps.directory.clientsForEmail(email);
  if (clients.length > 0) {
    const token = deps.tokens.newToken();
    const hash = deps.tokens.hash(token);
    await deps.links.issue(hash, email, new Date(deps.clock.now().getTime() + SIGN_IN_LINK_TTL_MS));
    const link = `${deps.baseUrl}/portal#token=${token}`;
    await deps.mail.enqueue(
      {
        to: email,
        subject: `Your sign-in link for ${deps.company.name}`,
        text: [
          greeting(contactNameFor(clients[0]?.contacts, email)),
          '',
          `Open this link to see your account with ${deps.company.name}: your invoices, proposals, visits and plans.`,
          '',
          link,
          '',
          'The link works once, for 15 minutes. If you did not ask for it, you can ignore this e-mail.',
          '',
          `${deps.company.name}${deps.company.phone ? ` · ${deps.company.phone}` : ''}`,
        ].join('\n'),
        kind: 'sign-in-link',
        about: clients.map((c) => ({ type: 'client' as const, id: c.id, label: c.name })),
      },
      `portal-sign-in:${hash}`,
    );
  }
  return { message: LINK_SENT_MESSAGE };
}

/**
 * Opening the link: once, within 15 minutes. The person it signs in is a customer of that
 * e-mail and never staff (signInMethod 'email-link', see domain/auth/permissions.ts), even when
 * the address is also an employee's. Public by design: the token is the credential.
 */
export async function signInWithLink(deps: Pick<PortalDeps, 'directory' | 'links' | 'tokens' | 'clock'>, token: string): Promise<SignedInUser> {
  const outcome = await deps.links.consume(deps.tokens.hash(token), deps.clock.now());
  if (outcome.kind === 'used') throw new DomainError('gone', USED_LINK_MESSAGE);
  if (outcome.kind === 'expired') throw new DomainError('gone', EXPIRED_LINK_MESSAGE);
  if (outcome.kind === 'unknown') throw new DomainError('not-found', UNKNOWN_LINK_MESSAGE);
  const clients = await deps.directory.clientsForEmail(outcome.email);
  const contact = clients.flatMap((c) => c.contacts).find((k) => k.emails.some((e) => normaliseEmail(e) === outcome.email));
  return { id: `email-link:${outcome.email}`, email: outcome.email, emailVerified: true, displayName: contact?.name || null, photoUrl: null, signInMethod: 'email-link' };
}
