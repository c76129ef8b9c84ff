import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { LINK_REVOKED, LINK_ROTATED, linkActive, linkChange, revokeLink, rotateLink, type PublicLinkView } from '../../domain/shared/public-link.ts';
import { requireAccess } from '../shared/require-access.ts';
import { changeInvoice } from './change-invoice.ts';
import { publicLink, type InvoiceDeps } from './invoice-deps.ts';

/**
 * Staff switch an invoice's public link off (issue 15 finding 6): /i/<token> then answers "no
 * longer valid, contact us" with none of the client's data. Audited; doing it twice writes nothing.
 */
export async function revokeInvoiceLink(deps: InvoiceDeps, auth: AuthState, id: string): Promise<PublicLinkView> {
  const actor = requireAccess(auth, 'editInvoices');
  const inv = await changeInvoice(deps, actor, id, LINK_REVOKED, (current, now) => revokeLink(current, now), (before) => [linkChange(before, 'revoked')]);
  return { url: publicLink(deps, inv.publicToken), active: linkActive(inv) };
}

/**
 * A new link for the invoice; the old one stops working ("sent to the wrong person": rotate,
 * then send again). A void invoice gets none.
 */
export async function rotateInvoiceLink(deps: InvoiceDeps, auth: AuthState, id: string): Promise<PublicLinkView> {
  const actor = requireAccess(auth, 'editInvoices');
  const token = deps.tokens.next();
  const inv = await changeInvoice(
    deps,
    actor,
    id,
    LINK_ROTATED,
    (current) => {
      if (current.status === 'void') throw new DomainError('conflict', `${current.number} is void, so it has no public link. Issue a new invoice instead.`);
      return rotateLink(current, token);
    },
    (before) => [linkChange(before, 'new link')],
  );
  return { url: publicLink(deps, inv.publicToken), active: linkActive(inv) };
}
