import type { AuthState } from '../../domain/auth/permissions.ts';
import type { LeadPage, QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import type { LeadStatus } from '../../domain/quotes/quote-request.ts';
import { requireAccess } from '../shared/require-access.ts';

export const LEADS_PAGE_SIZE = 25;

/** The staff lead list, newest first, a page at a time. */
export function listLeads(deps: { leads: QuoteRequestRepository }, auth: AuthState, query: { status?: LeadStatus; cursor?: string }): Promise<LeadPage> {
  requireAccess(auth, 'viewClients');
  return deps.leads.list({ limit: LEADS_PAGE_SIZE, ...query });
}
